import { ChangePasswordCard } from '../../../features/auth/components/change-password-card.tsx';
import { SecurityScreen } from '../../../features/security/components/security-screen.tsx';

/** /dashboard/security: the owner's password (issue 24 item 1) and TOTP second factor (issue 23 item 14). */
export function WorkspaceSecurityScreen() {
  return (
    <div className="flex max-w-2xl flex-col gap-5">
      <SecurityScreen />
      <ChangePasswordCard />
    </div>
  );
}
