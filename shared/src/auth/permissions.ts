/**
 * Roles → rights, one map for both sides. The gateway refuses what a role lacks; the client reads
 * the same map only to show or hide controls.
 */
export type Role = 'user' | 'client_admin' | 'admin' | 'profile';

export interface RoleFlags {
  account_type: 'user' | 'profile';
  is_admin: boolean;
  client_admin: boolean;
}

const investor: readonly Role[] = ['user', 'client_admin', 'admin'];
const staff: readonly Role[] = ['client_admin', 'admin'];
const admin: readonly Role[] = ['admin'];

export const rights = {
  /** Own session, display name and password. Every signed-in account. */
  'account.self': ['user', 'client_admin', 'admin', 'profile'],
  'feed.read': investor,
  'watchlist.use': investor,
  'portfolio.use': investor,
  'tools.use': investor,
  'news.read': investor,
  'stock.read': investor,
  /** The Edit Investment Profile tab: profile-type accounts and admins. */
  'investmentProfile.edit': ['profile', 'admin'],
  /** Choosing another profile than Default (spec 000 §4: non-admins are pinned to Default). */
  'profile.switch': admin,
  'universes.edit': staff,
  'universes.editSystem': admin,
  'tools.adminReports': staff,
  'tools.systemAdmin': admin,
  'manage.access': admin,
  /** The users of one's own account (client admins), or of every account (system admins). */
  'manage.users': staff,
  'profiles.create': admin,
  'appPortfolios.manage': admin,
  'app.notify': admin,
  'sim.control': admin,
} as const satisfies Record<string, readonly Role[]>;

export type Right = keyof typeof rights;

/** A 'profile' account has only the profile role; other users add their admin flags to 'user'. */
export function rolesOf(flags: RoleFlags): Role[] {
  if (flags.account_type === 'profile') return ['profile'];
  const roles: Role[] = ['user'];
  if (flags.client_admin) roles.push('client_admin');
  if (flags.is_admin) roles.push('admin');
  return roles;
}

export function can(roles: readonly Role[], right: Right): boolean {
  const allowed: readonly Role[] = rights[right];
  return roles.some((role) => allowed.includes(role));
}
