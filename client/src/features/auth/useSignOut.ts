import { useNavigate } from 'react-router';
import { clearAuthToken } from '../../api/authToken';
import { useSetAtom } from '../../app/store';
import { authApi } from './api';
import { authAtom, signedOut } from './atoms';

/** Sign out: tell the gateway, forget the user and the stored token, and open the login page. */
export function useSignOut(): () => Promise<void> {
  const setAuth = useSetAtom(authAtom);
  const navigate = useNavigate();
  return async () => {
    try {
      await authApi.logout();
    } catch (error) {
      // The session may already be gone; signing out locally is what the user asked for.
      console.warn('[auth] logout failed', error);
    }
    clearAuthToken();
    setAuth(signedOut(true));
    await navigate('/login', { replace: true });
  };
}
