import { describe, expect, it } from 'vitest';
import { can, rolesOf, type Right } from './permissions';

const user = rolesOf({ account_type: 'user', is_admin: false, client_admin: false });
const clientAdmin = rolesOf({ account_type: 'user', is_admin: false, client_admin: true });
const admin = rolesOf({ account_type: 'user', is_admin: true, client_admin: false });
const profile = rolesOf({ account_type: 'profile', is_admin: true, client_admin: true });

describe('roles of an account', () => {
  it('a profile-type account is only a profile, whatever its flags', () => {
    expect(profile).toEqual(['profile']);
  });
  it('admin flags add to the user role', () => {
    expect(user).toEqual(['user']);
    expect(clientAdmin).toEqual(['user', 'client_admin']);
    expect(admin).toEqual(['user', 'admin']);
  });
});

describe('rights by role (spec 000 §6, spec 002 §6)', () => {
  it.each<[Right, boolean, boolean, boolean, boolean]>([
    //                         user   client admin  admin  profile
    ['account.self', true, true, true, true],
    ['feed.read', true, true, true, false],
    ['portfolio.use', true, true, true, false],
    ['tools.use', true, true, true, false],
    ['investmentProfile.edit', false, false, true, true],
    ['profile.switch', false, false, true, false],
    ['universes.edit', false, true, true, false],
    ['universes.editSystem', false, false, true, false],
    ['manage.access', false, false, true, false],
    ['profiles.create', false, false, true, false],
    ['appPortfolios.manage', false, false, true, false],
    ['app.notify', false, false, true, false],
  ])('%s: user %s, client admin %s, admin %s, profile %s', (right, u, c, a, p) => {
    expect([can(user, right), can(clientAdmin, right), can(admin, right), can(profile, right)]).toEqual([
      u,
      c,
      a,
      p,
    ]);
  });
});
