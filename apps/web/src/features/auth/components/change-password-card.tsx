import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';

/** A profile's way to /change-password (issue 24 item 1): owners, staff, clients and the admin alike. */
export function ChangePasswordCard() {
  return (
    <Card title="Password">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">
          Change the password you sign in with. Other devices will be signed out.
        </p>
        <Link
          to="/change-password"
          className="inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
        >
          <KeyRound className="size-4" aria-hidden />
          Change password
        </Link>
      </div>
    </Card>
  );
}
