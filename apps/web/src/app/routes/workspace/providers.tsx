import { ProvidersScreen } from '../../../features/providers/components/providers-screen.tsx';

/** /dashboard/insurance: spec §2 "Insurance Company". */
export function InsuranceCompanyScreen() {
  return <ProvidersScreen category="insurance" />;
}

/** /dashboard/investments: spec §2 "Investment Company". */
export function InvestmentCompanyScreen() {
  return <ProvidersScreen category="investment" />;
}
