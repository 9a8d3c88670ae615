// How one cell of the book's spreadsheet is written and read back (issue 26, decision 035): the export writes
// with these, the import reads with their inverses, so the two cannot drift.

/**
 * A cell a spreadsheet program could take for a formula (OWASP "CSV injection"): text beginning with `=`, `+`,
 * `-`, `@`, a tab or a carriage return. The export writes such text behind an apostrophe, in .xlsx as in .csv.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function escapeCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** The stored text of a cell the export escaped: the apostrophe goes only where `escapeCell` put one. */
export function unescapeCell(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** A date of a .csv cell, and the display format of an .xlsx date cell: Indian, day first. */
export const BOOK_DATE_FORMAT = 'dd/mm/yyyy';

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
export function sheetDate(isoDate: string): string {
  const [y, m, d] = isoDate.split('-');
  return `${d}/${m}/${y}`;
}

/** 'YYYY-MM-DD' → the instant an .xlsx date cell holds (midnight UTC: exceljs writes dates in UTC). */
export function sheetDateValue(isoDate: string): Date {
  return new Date(`${isoDate}T00:00:00Z`);
}

/**
 * Rupees with ₹ and Indian grouping (1,23,45,678.00) as an Excel number format: Excel's own grouping is in
 * thousands, so crore and lakh amounts take their own section.
 */
export const BOOK_AMOUNT_FORMAT =
  '[>=10000000]"₹"##\\,##\\,##\\,##0.00;[>=100000]"₹"##\\,##\\,##0.00;"₹"#,##0.00';

/** An identity number as every answer shows it (decisions §5): four bullets and the last 4 characters. */
export const maskedCell = (last4: string | null): string | null => (last4 ? `••••${last4}` : null);

/** A masked cell carries no number to store: the import leaves the stored one (or none) as it is. */
export const isMaskedCell = (text: string): boolean => /^•{4}[A-Za-z0-9]{1,4}$/.test(text.trim());

export interface InsuredMemberCell {
  insured_member_name: string;
  relationship: string | null;
  /** YYYY-MM-DD. */
  insured_member_dob: string | null;
  insured_member_phone_number: string | null;
}

/**
 * A health policy's insured members in one cell: one member per line, each `Name | Relationship | DD/MM/YYYY |
 * Phone`, the last parts left out when empty (`Anita Sharma | Spouse`). `;` also separates members, for a cell
 * typed on one line.
 */
export function insuredMembersCell(members: readonly InsuredMemberCell[]): string {
  return members
    .map((m) => {
      const parts = [
        m.insured_member_name,
        m.relationship ?? '',
        m.insured_member_dob ? sheetDate(m.insured_member_dob) : '',
        m.insured_member_phone_number ?? '',
      ];
      while (parts.length > 1 && parts.at(-1) === '') parts.pop();
      return parts.join(' | ');
    })
    .join('\n');
}

const DAY_FIRST = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})$/;

/** The members of an insured-members cell; a date not DD/MM/YYYY is kept as written for the form's rule. */
export function parseInsuredMembersCell(cell: string): InsuredMemberCell[] {
  return cell
    .split(/[\n;]/)
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [name = '', relationship = '', dob = '', phone = ''] = line.split('|').map((p) => p.trim());
      const day = DAY_FIRST.exec(dob);
      return {
        insured_member_name: name,
        relationship: relationship || null,
        insured_member_dob: day
          ? `${day[3]}-${day[2]!.padStart(2, '0')}-${day[1]!.padStart(2, '0')}`
          : dob || null,
        insured_member_phone_number: phone || null,
      };
    });
}
