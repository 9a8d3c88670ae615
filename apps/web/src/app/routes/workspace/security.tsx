import { SecurityScreen } from '../../../features/security/components/security-screen.tsx';

/** /dashboard/security: the owner's account security, the TOTP second factor (issue 23 item 14). */
export function WorkspaceSecurityScreen() {
  return <SecurityScreen />;
}
