import { nationalDigits } from './contact-links.ts';
import { premiumDueApart } from './premium-schedule.ts';

// WhatsApp click-to-chat with a message already typed (issue 27 item 5): the agency's template in the client's
// language, its placeholders filled with the plan's details the Indian way, and the wa.me link that opens it.
// Pure: the API checks templates with it, the web app renders the link and the settings' preview with it.

export const WHATSAPP_TEMPLATE_KINDS = ['premium_due', 'renewal'] as const;
export type WhatsAppTemplateKind = (typeof WHATSAPP_TEMPLATE_KINDS)[number];
export const WHATSAPP_TEMPLATE_KIND_LABELS: Record<WhatsAppTemplateKind, string> = {
  premium_due: 'Premium due',
  renewal: 'Expiry and renewal',
};

export type MessageLanguage = 'en' | 'hi';
export const MESSAGE_LANGUAGE_LABELS: Record<MessageLanguage, string> = { en: 'English', hi: 'Hindi' };

export const WHATSAPP_PLACEHOLDERS = [
  'client_name',
  'plan_name',
  'plan_number',
  'date',
  'amount',
  'agency_name',
] as const;
export type WhatsAppPlaceholder = (typeof WHATSAPP_PLACEHOLDERS)[number];
export const WHATSAPP_PLACEHOLDER_LABELS: Record<WhatsAppPlaceholder, string> = {
  client_name: "Client's name",
  plan_name: 'Plan name',
  plan_number: 'Policy or account number',
  date: 'Due date or end date',
  amount: 'Amount in rupees',
  agency_name: "Your agency's name",
};

/** What a template of each kind must keep: without them the message does not say what it is about. */
export const REQUIRED_PLACEHOLDERS: Record<WhatsAppTemplateKind, readonly WhatsAppPlaceholder[]> = {
  premium_due: ['client_name', 'plan_number', 'date', 'amount'],
  renewal: ['client_name', 'plan_number', 'date'],
};

export const WHATSAPP_TEMPLATE_MAX = 1000;

const DEFAULTS: Record<WhatsAppTemplateKind, Record<MessageLanguage, string>> = {
  premium_due: {
    en: [
      'Namaste {client_name},',
      '',
      'This is a gentle reminder that the premium of {amount} for your policy {plan_name} ({plan_number}) is due on {date}.',
      '',
      'Please pay it on time so that your cover continues without a break. Reply here if you need any help.',
      '',
      'Regards,',
      '{agency_name}',
    ].join('\n'),
    hi: [
      'नमस्ते {client_name} जी,',
      '',
      'आपकी पॉलिसी {plan_name} ({plan_number}) का {amount} का प्रीमियम {date} को देय है।',
      '',
      'कृपया समय पर भुगतान करें ताकि आपका बीमा कवर बिना रुकावट जारी रहे। किसी भी सहायता के लिए यहीं उत्तर दें।',
      '',
      'धन्यवाद,',
      '{agency_name}',
    ].join('\n'),
  },
  renewal: {
    en: [
      'Namaste {client_name},',
      '',
      'Your plan {plan_name} ({plan_number}) ends on {date}.',
      'Amount: {amount}',
      '',
      'Please let us know a convenient time to renew it, so that it continues without a break. Reply here if you need any help.',
      '',
      'Regards,',
      '{agency_name}',
    ].join('\n'),
    hi: [
      'नमस्ते {client_name} जी,',
      '',
      'आपकी योजना {plan_name} ({plan_number}) {date} को समाप्त हो रही है।',
      'राशि: {amount}',
      '',
      'कृपया समय पर नवीनीकरण के लिए हमें सुविधाजनक समय बताएँ, ताकि यह बिना रुकावट जारी रहे। किसी भी सहायता के लिए यहीं उत्तर दें।',
      '',
      'धन्यवाद,',
      '{agency_name}',
    ].join('\n'),
  },
};

/** The portal's own template of a kind and language, used until the agency saves its own. */
export function defaultWhatsAppTemplate(kind: WhatsAppTemplateKind, language: MessageLanguage): string {
  return DEFAULTS[kind][language];
}

const PLACEHOLDER = /\{([a-z_]+)\}/g;

/** The placeholders a template names, in order, each once. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1] as string))];
}

/**
 * What is wrong with a template of `kind`, in words for the agency, or null when it is usable: a required
 * placeholder missing, or one the portal does not know (a typing slip such as {clientname}).
 */
export function templateProblem(kind: WhatsAppTemplateKind, text: string): string | null {
  const named = placeholdersOf(text);
  const unknown = named.filter((p) => !(WHATSAPP_PLACEHOLDERS as readonly string[]).includes(p));
  if (unknown.length > 0) {
    return `Message has an unknown placeholder {${unknown[0]}}. Use only ${WHATSAPP_PLACEHOLDERS.map((p) => `{${p}}`).join(', ')}.`;
  }
  const missing = REQUIRED_PLACEHOLDERS[kind].filter((p) => !named.includes(p));
  if (missing.length === 1) return `Message must keep the placeholder {${missing[0]}}.`;
  if (missing.length > 1) {
    return `Message must keep the placeholders ${missing.map((p) => `{${p}}`).join(', ')}.`;
  }
  return null;
}

const dayFormats: Record<MessageLanguage, Intl.DateTimeFormat> = {
  en: new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'UTC' }),
  hi: new Intl.DateTimeFormat('hi-IN', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }),
};
const rupees = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 2,
});

/** A calendar date (YYYY-MM-DD) the Indian way: 05 Dec 2026, or 5 दिसंबर 2026 in Hindi (Latin digits). */
export function messageDate(date: string, language: MessageLanguage): string {
  const at = new Date(`${date}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || Number.isNaN(at.getTime())) return date;
  return dayFormats[language].format(at).replace(/[०-९]/g, (d) => String('०१२३४५६७८९'.indexOf(d)));
}

/** A decimal amount in rupees with Indian grouping: ₹1,23,456.00. */
export function messageRupees(amount: string | number): string {
  const n = Number(amount);
  return Number.isFinite(n) ? rupees.format(n) : String(amount);
}

export interface MessageDetails {
  clientName: string;
  planName: string | null;
  planNumber: string;
  /** The due date (premium due) or end date (renewal), YYYY-MM-DD. */
  date: string | null;
  /** A decimal string or number of rupees. */
  amount: string | number | null;
  agencyName: string | null;
}

/**
 * The message of a template for a plan. A line whose placeholder has no value (a plan without an amount) is left
 * out rather than sent with a gap; placeholders the portal does not know stay as typed.
 */
export function renderWhatsAppMessage(
  template: string,
  details: MessageDetails,
  language: MessageLanguage,
): string {
  const values: Record<WhatsAppPlaceholder, string | null> = {
    client_name: details.clientName.trim() || null,
    plan_name: details.planName?.trim() || null,
    plan_number: details.planNumber.trim() || null,
    date: details.date ? messageDate(details.date, language) : null,
    amount: details.amount === null || details.amount === '' ? null : messageRupees(details.amount),
    agency_name: details.agencyName?.trim() || null,
  };
  const known = (p: string): p is WhatsAppPlaceholder =>
    (WHATSAPP_PLACEHOLDERS as readonly string[]).includes(p);
  return template
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => placeholdersOf(line).every((p) => !known(p) || values[p] !== null))
    .map((line) => line.replace(PLACEHOLDER, (whole, p: string) => (known(p) ? (values[p] ?? '') : whole)))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * An Indian mobile number's 10 digits as agents type it ("+91 98765 43210", "098765-43210", "0091 98765 43210"),
 * or null when it is not one: another country's number, a landline or too few digits cannot receive WhatsApp
 * click-to-chat, so no button is shown for it.
 */
export function indianMobile(phone: string | null | undefined): string | null {
  if (!phone) return null;
  const trimmed = phone.trim().replace(/^00\s*91/, '+91');
  const national = nationalDigits(trimmed);
  return national && /^[6-9]\d{9}$/.test(national) ? national : null;
}

/** `https://wa.me/91XXXXXXXXXX?text=…` with the message encoded, or null when the phone is no Indian mobile. */
export function whatsAppMessageUrl(phone: string | null | undefined, message: string): string | null {
  const mobile = indianMobile(phone);
  if (!mobile) return null;
  return `https://wa.me/91${mobile}?text=${encodeURIComponent(message)}`;
}

/**
 * Which message a plan's "Send on WhatsApp" writes, and its `{date}` (decision 040): the premium-due one with the
 * next due date when a premium falls due apart from the end date; else the renewal one with the end date (a
 * renewing cover's premium is due the day it ends, which is its renewal).
 */
export function whatsAppMessageKind(plan: { nextDueDate: string | null; endDate: string | null }): {
  kind: WhatsAppTemplateKind;
  date: string | null;
} {
  const due = premiumDueApart(plan);
  return due ? { kind: 'premium_due', date: due } : { kind: 'renewal', date: plan.endDate };
}
