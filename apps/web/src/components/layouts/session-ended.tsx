import { sessionEndedText } from '@portal/contract';
import { Clock } from 'lucide-react';
import { useNavigate } from 'react-router';
import { removeToken } from '../../lib/session.ts';
import { Button } from '../ui/button.tsx';
import { StatusPage } from './status-page.tsx';

/** The session-ended screen (spec §2): the reason if it is one of the portal's, and Go to Login that clears the token. */
export function SessionEnded({ reason }: { reason: string | null }) {
  const navigate = useNavigate();
  return (
    <StatusPage
      icon={<Clock className="size-7" aria-hidden />}
      title="Session ended"
      text={sessionEndedText(reason)}
    >
      <Button
        onClick={() => {
          removeToken();
          navigate('/login', { replace: true });
        }}
      >
        Go to Login
      </Button>
    </StatusPage>
  );
}
