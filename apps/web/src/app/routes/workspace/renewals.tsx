import { RenewalsWorkList } from '../../../features/renewals/components/renewals-work-list.tsx';

/** /dashboard/renewals: the renewal work-list, the owner's marks, reminder days and the outbox (issue 7). */
export function RenewalsScreen() {
  return <RenewalsWorkList />;
}
