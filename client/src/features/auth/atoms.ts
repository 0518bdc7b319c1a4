import { rolesOf, type Role, type User } from '@insight/shared';
import { atom } from '../../app/store';

/**
 * Spec 000 §4: the auth state is fetching until the current user, a login or a logout answers;
 * then it is initialised, with the user or with nobody. Logout resets it to nobody.
 */
export type AuthState =
  | { status: 'fetching' }
  | {
      status: 'initialised';
      user: User | null;
      /** Set when the user signed out on purpose: the guard then opens /login without a redirect. */
      signedOut?: boolean;
    };

export const authAtom = atom<AuthState>({ status: 'fetching' });

/** The signed-in user, or null while fetching and when nobody is signed in. */
export const currentUserAtom = atom((get) => {
  const auth = get(authAtom);
  return auth.status === 'initialised' ? auth.user : null;
});

/** The roles of the signed-in user (none when signed out), for `can()` from the shared map. */
export const currentRolesAtom = atom<Role[]>((get) => {
  const user = get(currentUserAtom);
  return user ? rolesOf(user) : [];
});

export const signedIn = (user: User): AuthState => ({ status: 'initialised', user });
export const signedOut = (onPurpose = false): AuthState => ({
  status: 'initialised',
  user: null,
  signedOut: onPurpose,
});
