import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useMe } from '../api/get-me.ts';

/**
 * The signed-in user for the landing screens. A password reset by the admin must be replaced before anything
 * else (decisions §3), so that case goes to /change-password instead, and the screen stays in its loading state.
 */
export function useMeOrChangePassword() {
  const navigate = useNavigate();
  const me = useMe();
  const mustChange = me.data?.must_change_password === true;
  useEffect(() => {
    if (mustChange) navigate('/change-password', { replace: true });
  }, [mustChange, navigate]);
  return { me, ready: me.isSuccess && !mustChange ? me.data : null };
}
