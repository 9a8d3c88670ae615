import { MSG } from '@portal/contract';
import { Compass } from 'lucide-react';
import { StatusPage } from '../../components/layouts/status-page.tsx';
import { Button } from '../../components/ui/button.tsx';

/** Any unknown path (spec §2); Go to Login is a full navigation to the site root. */
export function NotFoundScreen() {
  return (
    <StatusPage
      icon={<Compass className="size-7" aria-hidden />}
      title={MSG.notFoundHeading}
      text={MSG.notFoundText}
    >
      <Button onClick={() => window.location.assign('/')}>Go to Login</Button>
    </StatusPage>
  );
}
