// The client area's frame as its own lazy chunk (issue 6): every client screen renders inside it.
export { prefetchClientShell as clientShellLoader } from '../../../features/client-portal/api/prefetch.ts';
export { ClientShell as ClientShellScreen } from '../../../features/client-portal/components/client-shell.tsx';
