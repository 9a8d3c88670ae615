import { KeyRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';

/** What the card says; the client area gives it in the client's language (issue 30). */
export interface ChangePasswordWords {
  title: string;
  text: string;
  action: string;
}

const ENGLISH: ChangePasswordWords = {
  title: 'Password',
  text: 'Change the password you sign in with. Other devices will be signed out.',
  action: 'Change password',
};

/** A profile's way to /change-password (issue 24 item 1): owners, staff, clients and the admin alike. */
export function ChangePasswordCard({ words = ENGLISH }: { words?: ChangePasswordWords }) {
  return (
    <Card title={words.title}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{words.text}</p>
        <Link
          to="/change-password"
          className="inline-flex min-h-10 shrink-0 items-center justify-center gap-2 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
        >
          <KeyRound className="size-4" aria-hidden />
          {words.action}
        </Link>
      </div>
    </Card>
  );
}
