import { LogOut } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { signOut } from '../../features/auth/api/auth-calls.ts';
import { clearSession, currentClaims } from '../../lib/session.ts';
import { Button } from '../ui/button.tsx';

/** Logs out on the server (revoking the token), then clears storage and goes to /login (spec §4). */
export function useLogout() {
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    await signOut().catch(() => undefined);
    clearSession();
    // Leaving the signed-in areas clears the query cache once their screens are gone (app/providers).
    navigate('/login', { replace: true });
  };
  return { logout, busy };
}

/** Top bar for the signed-in landing screens: product, agency, Logout. */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const claims = currentClaims();
  const { logout, busy } = useLogout();
  return (
    <div className="min-h-dvh">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-5xl items-center justify-between gap-4 px-4 py-3">
          <div className="flex min-w-0 items-center gap-3">
            <img src="/favicon.svg" alt="" className="size-8 rounded-md" />
            <span className="truncate font-semibold text-slate-900">
              {claims?.agencyName ?? 'Agency Portal'}
            </span>
          </div>
          <Button variant="ghost" onClick={logout} busy={busy}>
            {busy ? null : <LogOut className="size-4" aria-hidden />}
            Logout
          </Button>
        </div>
      </header>
      <main className="mx-auto max-w-5xl px-4 py-8">{children}</main>
    </div>
  );
}
