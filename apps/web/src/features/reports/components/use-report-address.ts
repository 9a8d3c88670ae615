import { REPORT_KINDS, REPORT_PERIODS, type ReportKind, type ReportPeriodKey } from '@portal/contract';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportFilters } from '../api/get-reports.ts';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CODE = /^[a-z][a-z0-9_]{1,39}$/;

/**
 * The report shown and its filters, kept in the address (`report`, `period`, `from`, `to`, `service`, `provider`,
 * `staff`), so a reload or a shared link shows the same figures. This financial year when no period is named.
 */
export function useReportAddress() {
  const [params, setParams] = useSearchParams();
  const read = (key: string, pattern: RegExp) => {
    const value = params.get(key) ?? '';
    return pattern.test(value) ? value : '';
  };
  const kind = params.get('report');
  const report: ReportKind = (REPORT_KINDS as readonly string[]).includes(kind ?? '')
    ? (kind as ReportKind)
    : 'premium_register';
  const period = params.get('period');
  const filters: ReportFilters = {
    period: (REPORT_PERIODS as readonly string[]).includes(period ?? '')
      ? (period as ReportPeriodKey)
      : 'this_fy',
    from: read('from', ISO_DAY),
    to: read('to', ISO_DAY),
    service: read('service', CODE),
    provider: read('provider', UUID),
    staff: read('staff', UUID),
  };
  const set = useCallback(
    (changes: Record<string, string>) =>
      setParams(
        (current) => {
          const copy = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) copy.set(key, value);
            else copy.delete(key);
          }
          if (copy.get('period') !== 'custom') {
            copy.delete('from');
            copy.delete('to');
          }
          return copy;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { report, filters, set };
}
