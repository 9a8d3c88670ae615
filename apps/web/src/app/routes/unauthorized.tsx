import { goBackPathForRoles, MSG } from '@portal/contract';
import { ShieldAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { StatusPage } from '../../components/layouts/status-page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { currentClaims, removeToken } from '../../lib/session.ts';
import { paths } from '../paths.ts';

/** /unauthorized: Go Back by role (spec §2). */
export function UnauthorizedScreen() {
  const navigate = useNavigate();
  const goBack = () => {
    const target = goBackPathForRoles(currentClaims()?.roles ?? []);
    if (target) {
      navigate(target, { replace: true });
      return;
    }
    removeToken();
    navigate(paths.root, { replace: true });
  };
  return (
    <StatusPage
      icon={<ShieldAlert className="size-7" aria-hidden />}
      title="Access denied"
      text={MSG.unauthorized}
    >
      <Button onClick={goBack}>Go Back</Button>
    </StatusPage>
  );
}
