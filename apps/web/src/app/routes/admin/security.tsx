import { useEffect } from 'react';
import { SecurityScreen } from '../../../features/security/components/security-screen.tsx';

/** /agency-admin/dashboard/security: the platform admin's second factor, which it must have (decisions §3). */
export function AdminSecurityScreen() {
  useEffect(() => {
    document.title = 'Account security · Agency Portal';
  }, []);
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold text-slate-900">Account security</h2>
      <SecurityScreen />
    </div>
  );
}
