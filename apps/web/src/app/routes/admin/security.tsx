import { useNavigate } from 'react-router';
import { ChangePasswordCard } from '../../../features/auth/components/change-password-card.tsx';
import { SecurityScreen } from '../../../features/security/components/security-screen.tsx';

/** /agency-admin/dashboard/security: the platform admin's second factor, which it must have (decisions §3). */
export function AdminSecurityScreen() {
  const navigate = useNavigate();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold text-slate-900">Account security</h2>
      {/* Once the codes are saved, on to the admin area, which the set-up opened. */}
      <SecurityScreen onEnrolled={() => navigate('/agency-admin/dashboard/overview')} />
      <div className="max-w-2xl">
        <ChangePasswordCard />
      </div>
    </div>
  );
}
