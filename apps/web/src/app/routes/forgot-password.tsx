import { useEffect } from 'react';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { paths } from '../paths.ts';

/** /forgot-password (issue 24 item 1). */
export function ForgotPasswordScreen() {
  useEffect(() => {
    document.title = 'Forgot password · Agency Portal';
  }, []);
  return <ForgotPasswordForm signInPath={paths.login} />;
}
