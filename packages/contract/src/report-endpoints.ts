import { apiPaths } from './api-paths.ts';
import { CSV_MIME, XLSX_MIME } from './book-sheets.ts';
import type { Endpoint } from './endpoints.ts';
import { BinaryResponseSchema } from './providers.ts';
import {
  BookSummarySchema,
  ClaimsReportSchema,
  NewBusinessSchema,
  PremiumRegisterQuerySchema,
  PremiumRegisterResponseSchema,
  PremiumRegisterTotalsSchema,
  RenewalsReportSchema,
  ReportDownloadQuerySchema,
  ReportQuerySchema,
} from './reports.ts';

// The reports' endpoints (issue 29, decision 046), kept apart from endpoints.ts, which spreads them into the one
// table. The owner and agency admins only.

const filters =
  'period (this_month, last_month, this_fy, last_fy, custom with from and to; India’s calendar), service, provider, staff';

export const reportEndpoints = {
  reportPremiumRegister: {
    ...apiPaths.reportPremiumRegister,
    summary: `Premium register: each premium paid, and each plan's first unpaid premium, falling in the period, by keyset (${filters})`,
    tag: 'reports',
    querystring: PremiumRegisterQuerySchema,
    response: PremiumRegisterResponseSchema,
    status: 200,
  },
  reportPremiumRegisterTotals: {
    ...apiPaths.reportPremiumRegisterTotals,
    summary: "The premium register's totals: count and premium, by status",
    tag: 'reports',
    querystring: ReportQuerySchema,
    response: PremiumRegisterTotalsSchema,
    status: 200,
  },
  reportNewBusiness: {
    ...apiPaths.reportNewBusiness,
    summary:
      'New business: plans started in the period by service and provider, against the same dates a year earlier',
    tag: 'reports',
    querystring: ReportQuerySchema,
    response: NewBusinessSchema,
    status: 200,
  },
  reportRenewals: {
    ...apiPaths.reportRenewals,
    summary:
      'Renewals and lapses: plans renewed, lapsed and lost (with reasons) in the period, and the retention rate',
    tag: 'reports',
    querystring: ReportQuerySchema,
    response: RenewalsReportSchema,
    status: 200,
  },
  reportBook: {
    ...apiPaths.reportBook,
    summary:
      'Book summary: active plans started by the period’s end, sum assured, annual premium and amounts invested by service and provider, households, top clients',
    tag: 'reports',
    querystring: ReportQuerySchema,
    response: BookSummarySchema,
    status: 200,
  },
  reportClaims: {
    ...apiPaths.reportClaims,
    summary: 'Claims summary: claims intimated in the period by status, claimed against settled',
    tag: 'reports',
    querystring: ReportQuerySchema,
    response: ClaimsReportSchema,
    status: 200,
  },
  reportDownload: {
    ...apiPaths.reportDownload,
    summary:
      'A report as .xlsx or .csv (and the premium register and new business as an A4 .pdf), streamed and audited',
    tag: 'reports',
    querystring: ReportDownloadQuerySchema,
    response: BinaryResponseSchema,
    produces: [XLSX_MIME, CSV_MIME, 'application/pdf'],
    status: 200,
  },
} as const satisfies Record<string, Endpoint>;
