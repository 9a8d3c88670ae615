// Links that reach a person from a screen (issue 24 items 2 and 12): a phone to call, WhatsApp click-to-chat.
// Indian numbers are typed many ways ("+91 98765 43210", "098765-43210", "9876543210"); links want digits.

/**
 * An Indian number's 10 digits, as the portal keeps a phone: "+91 98765 43210", "098765-43210" and "98765 43210"
 * all give 9876543210. Null when the text is not one (another country's number, too few digits).
 */
export function nationalDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const digits = phone.replace(/\D/g, '');
  if (digits.length === 10) return digits;
  if (digits.length === 11 && digits.startsWith('0')) return digits.slice(1);
  if (digits.length === 12 && digits.startsWith('91')) return digits.slice(2);
  return null;
}

/** The number with its country code, digits only (91 added to a 10-digit Indian number), or null. */
export function internationalDigits(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const national = nationalDigits(phone);
  if (national) return `91${national}`;
  const digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+') && digits.length >= 8 && digits.length <= 15) return digits;
  return null;
}

/** `tel:+91…`, or null when the number cannot be read. */
export function telUrl(phone: string | null | undefined): string | null {
  const digits = internationalDigits(phone);
  return digits ? `tel:+${digits}` : null;
}

/** WhatsApp click-to-chat (`https://wa.me/91…`), with a message already typed when `text` is given. */
export function whatsAppUrl(phone: string | null | undefined, text?: string): string | null {
  const digits = internationalDigits(phone);
  if (!digits) return null;
  return `https://wa.me/${digits}${text ? `?text=${encodeURIComponent(text)}` : ''}`;
}
