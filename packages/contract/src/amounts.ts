import { z } from 'zod';

// The number fields of a plan: money as a decimal string with at most 2 places (numeric(14,2)), never a float;
// whole numbers of years or days. Shared by the plan schema and the per-product fields (plan-products.ts).

const MONEY_RE = /^\d{1,12}(\.\d{1,2})?$/;

/**
 * An amount as people type it ("₹ 25,000", "2,50,000.50") in plain digits: every screen and the API read it the
 * same way (issue 24 item 9: the review showed "N/A premium" for "25,000").
 */
export const plainAmount = (text: string): string =>
  text
    .trim()
    .replace(/^₹|^rs\.?/i, '')
    .replace(/[,\s]/g, '');

const moneyFields = new Map<string, ReturnType<typeof makeMoneyField>>();

/** A non-negative amount in rupees with at most 2 decimals, answered as a string with 2 places. */
export function moneyField(label: string) {
  // One schema per label: the plan rule checks each plan's money with it, and making a zod schema costs more
  // than using one (a 10,000-row import made 10,000 of them).
  let schema = moneyFields.get(label);
  if (!schema) {
    schema = makeMoneyField(label);
    moneyFields.set(label, schema);
  }
  return schema;
}

function makeMoneyField(label: string) {
  const message = `${label} must be an amount in rupees of 0 or more, with at most 2 decimals.`;
  return z
    .union([z.string(), z.number()], { error: `${label} is required.` })
    .transform((v) => (typeof v === 'number' ? String(v) : plainAmount(v)))
    .refine((v) => v !== '', { error: `${label} is required.`, abort: true })
    .refine((v) => MONEY_RE.test(v), { error: message })
    .transform((v) => Number.parseFloat(v).toFixed(2));
}

export function wholeNumber(label: string, unit: string, min: number, max: number) {
  const message = `${label} must be a whole number of ${unit} from ${min} to ${max}.`;
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .int({ error: message })
      .min(min, { error: message })
      .max(max, { error: message }),
  );
}
