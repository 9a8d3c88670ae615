import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { SetPasswordForm } from '../../features/auth/components/set-password-form.tsx';
import { paths } from '../paths.ts';

/** /set-password#<secret>: the screen a one-time password link opens (issue 24, decision 025). */
export function SetPasswordScreen() {
  const { hash } = useLocation();
  useEffect(() => {
    document.title = 'Choose your password · Agency Portal';
  }, []);
  return (
    <SetPasswordForm
      token={hash.replace(/^#/, '')}
      signInPath={paths.login}
      forgotPath={paths.forgotPassword}
    />
  );
}
