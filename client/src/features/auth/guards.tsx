import { can, type Right } from '@insight/shared';
import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { useAtomValue } from '../../app/store';
import { AuthenticatingScreen } from '../../components/AuthenticatingScreen';
import { NoPermissionPanel } from '../../components/NoPermissionPanel';
import { authAtom, currentRolesAtom } from './atoms';
import { loginPathFor, postLoginPath } from './postLogin';

/** Protected pages: a visitor without a session goes to /login with a redirect back. */
export function RequireAuth() {
  const auth = useAtomValue(authAtom);
  const location = useLocation();
  if (auth.status === 'fetching') return <AuthenticatingScreen />;
  if (auth.user === null) {
    return (
      <Navigate to={auth.signedOut ? '/login' : loginPathFor(location.pathname, location.search)} replace />
    );
  }
  return <Outlet />;
}

/** Login-type pages: a signed-in user is sent on by the post-login rules. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const auth = useAtomValue(authAtom);
  const [search] = useSearchParams();
  if (auth.status === 'fetching') return <AuthenticatingScreen />;
  if (auth.user !== null) return <Navigate to={postLoginPath(auth.user, search.get('redirect'))} replace />;
  return children;
}

/** Shows `children` only to a role holding `right` (the shared map), else a clear refusal. */
export function RequireRight({ right, children }: { right: Right; children: ReactNode }) {
  const roles = useAtomValue(currentRolesAtom);
  return can(roles, right) ? children : <NoPermissionPanel />;
}
