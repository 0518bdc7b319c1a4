import { useEffect } from 'react';
import { onSessionLost } from '../../api/request';
import { useAtomValue, useSetAtom } from '../../app/store';
import { authApi } from './api';
import { authAtom, signedIn, signedOut } from './atoms';

/**
 * Loads the current user once at start (spec 002 §4 "Session") and clears it whenever the request
 * layer reports a lost session. Renders nothing.
 */
export function AuthSession() {
  const auth = useAtomValue(authAtom);
  const setAuth = useSetAtom(authAtom);
  const fetching = auth.status === 'fetching';

  useEffect(() => onSessionLost(() => setAuth(signedOut())), [setAuth]);

  useEffect(() => {
    if (!fetching) return;
    let stale = false;
    authApi.currentUser().then(
      (user) => {
        // A login that finished first (the mobile view's app login, say) has already decided.
        if (!stale) setAuth((state) => (state.status === 'fetching' ? signedIn(user) : state));
      },
      () => {
        if (!stale) setAuth((state) => (state.status === 'fetching' ? signedOut() : state));
      },
    );
    return () => {
      stale = true;
    };
  }, [fetching, setAuth]);

  return null;
}
