import { landingPathForRoles } from '@portal/contract';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useMe } from '../../features/auth/api/get-me.ts';
import {
  ChangePasswordForm,
  changePasswordIntro,
} from '../../features/auth/components/change-password-form.tsx';
import { currentClaims } from '../../lib/session.ts';

/**
 * /change-password: required after an admin reset or at a client's first sign-in with the password their agency
 * chose (decisions §3), and open to anyone from their profile or account security, who may cancel.
 */
export function ChangePasswordScreen() {
  const navigate = useNavigate();
  const me = useMe();
  const roles = me.data?.roles ?? currentClaims()?.roles ?? [];
  const required = me.data?.must_change_password === true;
  const title = changePasswordIntro(required, roles).title;

  useEffect(() => {
    document.title = `${title} · Agency Portal`;
  }, [title]);

  const landing = () => navigate(landingPathForRoles(roles).path, { replace: true });
  return (
    <main className="flex min-h-dvh items-center justify-center px-4 py-10">
      {me.isPending ? (
        <Spinner label="Loading" />
      ) : (
        <ChangePasswordForm
          required={required}
          roles={roles}
          onDone={landing}
          onCancel={required ? undefined : () => (window.history.length > 1 ? navigate(-1) : landing())}
        />
      )}
    </main>
  );
}
