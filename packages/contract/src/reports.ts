import { z } from 'zod';
import { MAX_PAGE_SIZE } from './admin.ts';
import { isCalendarDate } from './providers.ts';
import { REPORT_MAX_DAYS, REPORT_PERIODS } from './report-periods.ts';

// The agency's reports (issue 29, decision 046): the owner's and agency admins' figures over a period, each
// filtered by service, provider and the clients' assigned agent, on screen and as .xlsx, .csv (and .pdf for the
// premium register and new business).

export const REPORT_KINDS = ['premium_register', 'new_business', 'renewals', 'book', 'claims'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_TITLES: Record<ReportKind, string> = {
  premium_register: 'Premium register',
  new_business: 'New business',
  renewals: 'Renewals and lapses',
  book: 'Book summary',
  claims: 'Claims summary',
};

export const REPORT_FORMATS = ['xlsx', 'csv', 'pdf'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
/** The reports that are also a PDF. */
export const PDF_REPORTS: readonly ReportKind[] = ['premium_register', 'new_business'];

/** The premium register's first page and the page size the screen asks for. */
export const REPORT_PAGE_SIZE = 50;

const blank = (v: unknown) => (v === '' ? undefined : v);

function day(label: string) {
  const message = `${label} must be a date in the form YYYY-MM-DD.`;
  return z.preprocess(
    blank,
    z.string({ error: message }).refine(isCalendarDate, { error: message }).optional(),
  );
}

const dayCount = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 86_400_000;

const filterFields = {
  period: z.preprocess(
    blank,
    z
      .enum(REPORT_PERIODS, {
        error: 'Period must be this_month, last_month, this_fy, last_fy or custom.',
      })
      .optional(),
  ),
  from: day('From'),
  to: day('To'),
  service: z.preprocess(
    blank,
    z
      .string({ error: 'Service must be a service code.' })
      .regex(/^[a-z][a-z0-9_]{1,39}$/, { error: 'Service must be a service code.' })
      .optional(),
  ),
  provider: z.preprocess(blank, z.uuid({ error: 'Provider must be a valid identifier.' }).optional()),
  staff: z.preprocess(blank, z.uuid({ error: 'Staff member must be a valid identifier.' }).optional()),
};

interface FilterShape {
  period?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A custom period needs both days, in order, at most five years apart; a named one takes neither. */
function checkPeriod(q: FilterShape, ctx: z.RefinementCtx) {
  const custom = q.period === 'custom' || (q.period === undefined && (q.from || q.to));
  if (!custom) {
    if (q.from)
      ctx.addIssue({ code: 'custom', path: ['from'], message: 'From is used only with a custom period.' });
    if (q.to)
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is used only with a custom period.' });
    return;
  }
  if (!q.from)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'From is required for a custom period.' });
  if (!q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'To is required for a custom period.' });
  if (q.from && q.to && q.from > q.to)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'From must be on or before To.' });
  else if (q.from && q.to && dayCount(q.from, q.to) > REPORT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'A custom period may span at most five years.' });
}

/** Every report's filters: the period (this financial year when not named), service, provider, staff member. */
export const ReportQuerySchema = z.object(filterFields).superRefine(checkPeriod);
export type ReportQuery = z.input<typeof ReportQuerySchema>;
export type ReportFilters = z.output<typeof ReportQuerySchema>;

/** A place in the premium register: the row's date and id. Opaque to callers. */
/** `YYYY-MM-DD_<plan id>`: the day and id of a page's last row (a real day, a UUID: the database casts both). */
export const REGISTER_CURSOR =
  /^\d{4}-\d{2}-\d{2}_[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const cursorMessage = 'Cursor must be a next_cursor of an earlier page.';

export const PremiumRegisterQuerySchema = z
  .object({
    ...filterFields,
    limit: z.preprocess(
      (v) =>
        v === undefined || v === '' ? undefined : typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v,
      z
        .number({ error: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
        .int({ error: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
        .min(1, { error: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
        .max(MAX_PAGE_SIZE, { error: `Limit must be a whole number from 1 to ${MAX_PAGE_SIZE}.` })
        .optional()
        .default(REPORT_PAGE_SIZE),
    ),
    after: z.preprocess(
      blank,
      z
        .string({ error: cursorMessage })
        .regex(REGISTER_CURSOR, { error: cursorMessage })
        .refine((c) => isCalendarDate(c.slice(0, 10)), { error: cursorMessage })
        .optional(),
    ),
  })
  .superRefine(checkPeriod);
export type PremiumRegisterQuery = z.input<typeof PremiumRegisterQuerySchema>;

export const ReportDownloadQuerySchema = z
  .object({
    ...filterFields,
    /** The premium register when not named. */
    report: z.preprocess(
      blank,
      z
        .enum(REPORT_KINDS, {
          error: 'Report must be premium_register, new_business, renewals, book or claims.',
        })
        .default('premium_register'),
    ),
    /** .xlsx when not named. */
    format: z.preprocess(
      blank,
      z.enum(REPORT_FORMATS, { error: 'Format must be xlsx, csv or pdf.' }).default('xlsx'),
    ),
  })
  .superRefine(checkPeriod)
  .superRefine((q, ctx) => {
    if (q.format === 'pdf' && !PDF_REPORTS.includes(q.report))
      ctx.addIssue({
        code: 'custom',
        path: ['format'],
        message: 'Only the premium register and new business are downloaded as PDF.',
      });
  });
export type ReportDownloadQuery = z.input<typeof ReportDownloadQuerySchema>;

const money = z.string();
const ReportPeriodSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
});
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

export const REGISTER_STATUSES = ['paid', 'due', 'overdue'] as const;
export type RegisterStatus = (typeof REGISTER_STATUSES)[number];
export const REGISTER_STATUS_LABELS: Record<RegisterStatus, string> = {
  paid: 'Paid',
  due: 'Due',
  overdue: 'Overdue',
};

export const PremiumRegisterRowSchema = z.object({
  /** A payment's id (paid) or the plan's (due, overdue). */
  id: z.uuid(),
  plan_id: z.uuid(),
  plan_type: z.enum(['insurance', 'investment']),
  primary_client_id: z.uuid(),
  client_name: z.string(),
  client_code: z.string(),
  /** The family member who holds the plan; null when the client does. */
  holder_name: z.string().nullable(),
  provider_name: z.string(),
  service_code: z.string(),
  service_name: z.string(),
  plan_number: z.string(),
  mode: z.string(),
  /** The premium of the instalment (a payment's amount when paid). */
  premium: money.nullable(),
  /** The due date of the (first) instalment. */
  due_date: z.string(),
  paid_on: z.string().nullable(),
  status: z.enum(REGISTER_STATUSES),
});
export type PremiumRegisterRow = z.infer<typeof PremiumRegisterRowSchema>;

export const PremiumRegisterResponseSchema = z.object({
  period: ReportPeriodSchema,
  rows: z.array(PremiumRegisterRowSchema),
  /** Send as `after` for the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type PremiumRegisterResponse = z.infer<typeof PremiumRegisterResponseSchema>;

export const PremiumRegisterTotalsSchema = z.object({
  period: ReportPeriodSchema,
  count: z.number().int(),
  premium: money,
  by_status: z.array(
    z.object({ status: z.enum(REGISTER_STATUSES), count: z.number().int(), premium: money }),
  ),
});
export type PremiumRegisterTotals = z.infer<typeof PremiumRegisterTotalsSchema>;

const byServiceProvider = {
  service_code: z.string(),
  service_name: z.string(),
  provider_id: z.uuid(),
  provider_name: z.string(),
};

export const NewBusinessSchema = z.object({
  period: ReportPeriodSchema,
  /** The same dates a year earlier. */
  previous: z.object({ from: z.string(), to: z.string() }),
  rows: z.array(
    z.object({
      ...byServiceProvider,
      plans: z.number().int(),
      /** First-year premium (insurance, a year's worth by mode; a single premium once) plus amounts invested. */
      amount: money,
      previous_plans: z.number().int(),
      previous_amount: money,
    }),
  ),
  totals: z.object({
    plans: z.number().int(),
    amount: money,
    previous_plans: z.number().int(),
    previous_amount: money,
  }),
});
export type NewBusiness = z.infer<typeof NewBusinessSchema>;

export const RenewalsReportSchema = z.object({
  period: ReportPeriodSchema,
  renewed: z.number().int(),
  lapsed: z.number().int(),
  lost: z.number().int(),
  /** Renewed over renewed plus lapsed or lost, in per cent with one place; null when none came up. */
  retention_rate: z.number().nullable(),
  lost_reasons: z.array(z.object({ reason: z.string(), label: z.string(), count: z.number().int() })),
  by_service: z.array(
    z.object({
      service_code: z.string(),
      service_name: z.string(),
      renewed: z.number().int(),
      lapsed: z.number().int(),
      lost: z.number().int(),
    }),
  ),
});
export type RenewalsReport = z.infer<typeof RenewalsReportSchema>;

export const BookSummarySchema = z.object({
  period: ReportPeriodSchema,
  /** Primary clients holding at least one plan counted. */
  households: z.number().int(),
  rows: z.array(
    z.object({
      ...byServiceProvider,
      plans: z.number().int(),
      sum_assured: money,
      annual_premium: money,
      investment_amount: money,
    }),
  ),
  totals: z.object({
    plans: z.number().int(),
    sum_assured: money,
    annual_premium: money,
    investment_amount: money,
  }),
  top_clients: z.array(
    z.object({
      primary_client_id: z.uuid(),
      client_name: z.string(),
      client_code: z.string(),
      plans: z.number().int(),
      annual_premium: money,
    }),
  ),
});
export type BookSummary = z.infer<typeof BookSummarySchema>;

export const ClaimsReportSchema = z.object({
  period: ReportPeriodSchema,
  by_status: z.array(
    z.object({
      status: z.string(),
      label: z.string(),
      claims: z.number().int(),
      claimed: money,
      settled: money,
    }),
  ),
  totals: z.object({ claims: z.number().int(), claimed: money, settled: money }),
});
export type ClaimsReport = z.infer<typeof ClaimsReportSchema>;
