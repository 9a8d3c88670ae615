// The reports' periods (issue 29, decision 046): calendar dates of India, both ends included. No zod here: the
// reports screen reads them to show what a period means, and the API resolves the same ones.

export const REPORT_PERIODS = ['this_month', 'last_month', 'this_fy', 'last_fy', 'custom'] as const;
export type ReportPeriodKey = (typeof REPORT_PERIODS)[number];

export const REPORT_PERIOD_LABELS: Record<ReportPeriodKey, string> = {
  this_month: 'This month',
  last_month: 'Last month',
  this_fy: 'This financial year',
  last_fy: 'Last financial year',
  custom: 'Custom',
};

/** The longest custom period a report covers: five years. */
export const REPORT_MAX_DAYS = 5 * 366;

export interface ReportRange {
  /** YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/** The first day of India's financial year (1 April to 31 March) that holds `day` (YYYY-MM-DD). */
export function financialYearStart(day: string): string {
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  return `${m >= 4 ? y : y - 1}-04-01`;
}

/**
 * The dates a named period covers on `today` (India's calendar): a financial year runs 1 April to 31 March. A
 * custom period is its own from and to.
 */
export function reportRange(
  period: ReportPeriodKey,
  today: string,
  custom?: Partial<ReportRange>,
): ReportRange {
  const y = Number(today.slice(0, 4));
  const m = Number(today.slice(5, 7));
  switch (period) {
    case 'this_month':
      return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDayOf(y, m))}` };
    case 'last_month': {
      const ly = m === 1 ? y - 1 : y;
      const lm = m === 1 ? 12 : m - 1;
      return { from: `${ly}-${pad(lm)}-01`, to: `${ly}-${pad(lm)}-${pad(lastDayOf(ly, lm))}` };
    }
    case 'this_fy': {
      const start = Number(financialYearStart(today).slice(0, 4));
      return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
    }
    case 'last_fy': {
      const start = Number(financialYearStart(today).slice(0, 4)) - 1;
      return { from: `${start}-04-01`, to: `${start + 1}-03-31` };
    }
    case 'custom':
      return { from: custom?.from ?? today, to: custom?.to ?? today };
  }
}

/** The same dates a year earlier (29 February becomes 28 February): new business compares with them. */
export function yearEarlier(range: ReportRange): ReportRange {
  const back = (day: string) => {
    const y = Number(day.slice(0, 4)) - 1;
    const m = Number(day.slice(5, 7));
    const d = Math.min(Number(day.slice(8, 10)), lastDayOf(y, m));
    return `${y}-${pad(m)}-${pad(d)}`;
  };
  return { from: back(range.from), to: back(range.to) };
}
