import { nationalDigits, plainAmount } from '@portal/contract';

// Money and dates in the Indian style (spec §9; visual language: ₹1,23,456.00 and 21 Nov 2026).

const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: 2 });
const day = new Intl.DateTimeFormat('en-IN', {
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  timeZone: 'Asia/Kolkata',
});

export function formatMoney(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return 'N/A';
  const n = typeof value === 'number' ? value : Number(plainAmount(value));
  return Number.isFinite(n) ? inr.format(n) : 'N/A';
}

export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return 'N/A';
  const date =
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)
      ? new Date(`${value}T00:00:00+05:30`)
      : new Date(value);
  return Number.isNaN(date.getTime()) ? 'N/A' : day.format(date);
}

const time = new Intl.DateTimeFormat('en-IN', {
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
  timeZone: 'Asia/Kolkata',
});

/** The time of day of an instant in India: 3:42 pm. */
export function formatTime(value: string | Date): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? ''
    : time.format(date).replace(/\s?(am|pm)$/i, (m) => ` ${m.trim().toLowerCase()}`);
}

/**
 * An Indian mobile number in one form however it was typed: "+91 96406 32131", "9640632132" and "09640632133" all
 * show as +91 XXXXX XXXXX. Another country's number, or text that is not a number, stays as typed.
 */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const national = nationalDigits(phone);
  return national ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : phone.trim();
}
