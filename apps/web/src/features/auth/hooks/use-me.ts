import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../api/get-me.ts';

/** Where the platform admin sets up its required second factor (issue 23 item 14). */
export const ADMIN_SECURITY_PATH = '/agency-admin/dashboard/security';

/**
 * The signed-in user for the landing screens. A password reset by the admin must be replaced before anything
 * else (decisions §3), so that case goes to /change-password instead, and the screen stays in its loading state;
 * a platform admin without its required second factor goes to set it up the same way.
 */
export function useMeOrChangePassword() {
  const navigate = useNavigate();
  const me = useMe();
  const mustChange = me.data?.must_change_password === true;
  const mustEnrol = me.data?.must_enrol_second_factor === true;
  useEffect(() => {
    if (mustChange) navigate('/change-password', { replace: true });
    else if (mustEnrol) navigate(ADMIN_SECURITY_PATH, { replace: true });
  }, [mustChange, mustEnrol, navigate]);
  return { me, ready: me.isSuccess && !mustChange && !mustEnrol ? me.data : null };
}
