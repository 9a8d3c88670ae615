// Dates as people in India type them (issue 24 item 6): the day first, DD/MM/YYYY, also with dashes or dots, or
// with the month's name (1-Apr-2014, 01 Apr 2014, 1 April 2014). The one home of that rule: the date field reads
// text with it, and forms and the API keep ISO calendar dates (YYYY-MM-DD, product decisions §4).

/** Years a typed date may have; the calendar offers the same span. */
export const FIRST_YEAR = 1900;
export const LAST_YEAR = 2199;

const MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
] as const;

export type DateProblem =
  /** Not a date in any form the field takes. */
  | { kind: 'shape' }
  /** Two digits of a year: 01/04/45 could be 1945 (a birth date) or 2045 (a maturity date), so none is guessed. */
  | { kind: 'short-year' }
  | { kind: 'year'; year: number }
  | { kind: 'month'; month: number }
  | { kind: 'month-name'; name: string }
  /** A day its month does not have (31/02/2020, 0/4/2014). */
  | { kind: 'day'; day: number; month: number; year: number };

export type TypedDate =
  | { kind: 'empty' }
  | { kind: 'date'; iso: string }
  | { kind: 'invalid'; problem: DateProblem };

const NUMERIC = /^(\d{1,2})\s*[/.\- ]\s*(\d{1,2})\s*[/.\- ]\s*(\d+)$/;
const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;
const DAY_MONTH_NAME = /^(\d{1,2})(?:st|nd|rd|th)?[\s/.,-]*([a-z]+)\.?[\s/.,-]*(\d+)$/i;
const MONTH_NAME_DAY = /^([a-z]+)\.?[\s/.-]*(\d{1,2})(?:st|nd|rd|th)?[\s,/.-]+(\d+)$/i;

function daysIn(month: number, year: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A month from its name or the first three or more letters of it (Apr, Sept, april), any case. */
function monthOfName(name: string): number | null {
  const lower = name.toLowerCase();
  if (lower.length < 3) return null;
  const index = MONTHS.findIndex((m) => m.startsWith(lower));
  return index === -1 ? null : index + 1;
}

function fromParts(day: number, month: number, yearText: string): TypedDate {
  if (yearText.length === 2) return { kind: 'invalid', problem: { kind: 'short-year' } };
  if (yearText.length !== 4) return { kind: 'invalid', problem: { kind: 'shape' } };
  const year = Number(yearText);
  if (year < FIRST_YEAR || year > LAST_YEAR) return { kind: 'invalid', problem: { kind: 'year', year } };
  if (month < 1 || month > 12) return { kind: 'invalid', problem: { kind: 'month', month } };
  if (day < 1 || day > daysIn(month, year)) {
    return { kind: 'invalid', problem: { kind: 'day', day, month, year } };
  }
  const iso = `${yearText}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  return { kind: 'date', iso };
}

/** Reads typed text: empty, an ISO calendar date, or why it is not one. */
export function readTypedDate(text: string): TypedDate {
  const t = text.trim().replace(/\s+/g, ' ');
  if (t === '') return { kind: 'empty' };
  let m = ISO.exec(t);
  if (m) return fromParts(Number(m[3]), Number(m[2]), m[1] as string);
  m = NUMERIC.exec(t);
  if (m) return fromParts(Number(m[1]), Number(m[2]), m[3] as string);
  m = DAY_MONTH_NAME.exec(t);
  if (m) {
    const month = monthOfName(m[2] as string);
    if (month === null) return { kind: 'invalid', problem: { kind: 'month-name', name: m[2] as string } };
    return fromParts(Number(m[1]), month, m[3] as string);
  }
  m = MONTH_NAME_DAY.exec(t);
  if (m) {
    const month = monthOfName(m[1] as string);
    if (month === null) return { kind: 'invalid', problem: { kind: 'month-name', name: m[1] as string } };
    return fromParts(Number(m[2]), month, m[3] as string);
  }
  return { kind: 'invalid', problem: { kind: 'shape' } };
}

const monthYear = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const inWords = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** What is wrong with typed text, naming the field (house rule: bad input names the field). */
export function dateProblemMessage(label: string, problem: DateProblem): string {
  switch (problem.kind) {
    case 'shape':
      return `${label} must be a date typed as DD/MM/YYYY, for example 21/11/2026.`;
    case 'short-year':
      return `${label} must have the year in full: DD/MM/YYYY, for example 21/11/2026.`;
    case 'year':
      return `${label} must be in a year from ${FIRST_YEAR} to ${LAST_YEAR}.`;
    case 'month':
      return `${label} must be a real date: there is no month ${problem.month} (the day comes first, DD/MM/YYYY).`;
    case 'month-name':
      return `${label} must be a real date: "${problem.name}" is not a month.`;
    case 'day':
      return problem.day < 1
        ? `${label} must be a real date: there is no day 0.`
        : `${label} must be a real date: ${monthYear.format(Date.UTC(problem.year, problem.month - 1, 1))} has ${daysIn(problem.month, problem.year)} days.`;
  }
}

function partsOf(iso: string): [number, number, number] | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return m ? [Number(m[1]), Number(m[2]), Number(m[3])] : null;
}

/** An ISO calendar date as the field shows it, DD/MM/YYYY; any other text as it is. */
export function typedOf(iso: string): string {
  const p = partsOf(iso);
  return p ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso;
}

/** An ISO calendar date in words, "1 April 2014": what the field understood. */
export function dateInWords(iso: string): string {
  const p = partsOf(iso);
  return p ? inWords.format(Date.UTC(p[0], p[1] - 1, p[2])) : '';
}
