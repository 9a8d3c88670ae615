import { ClientShell } from '../../../features/client-portal/components/client-shell.tsx';
import { ClientLanguageSwitch } from '../../compositions/client-language.tsx';

export { prefetchClientShell as clientShellLoader } from '../../../features/client-portal/api/prefetch.ts';

// The client area's frame as its own lazy chunk (issue 6): every client screen renders inside it, with the
// language switch that keeps the client's choice (issue 30).
export function ClientShellScreen() {
  return <ClientShell languageSwitch={<ClientLanguageSwitch />} />;
}
