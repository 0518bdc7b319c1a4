import type { User } from '@insight/shared';

/** A signed-in regular user; override what the case is about. */
export function aUser(overrides: Partial<User> = {}): User {
  return {
    user_id: 1,
    email: 'demo@insight.test',
    nickname: null,
    first_name: 'Dana',
    last_name: 'Demo',
    account_type: 'user',
    is_admin: false,
    client_admin: false,
    session_token: 'session-public-id',
    available_profiles: [{ id: 1, name: 'Default' }],
    current_profile: 1,
    alert_filters: null,
    system_sectors: [],
    universeList: [],
    analystList: [],
    portfolio_id: null,
    subscription_status: 'active',
    valid_to: null,
    trail: 0,
    ...overrides,
  };
}

export const anAdmin = (overrides: Partial<User> = {}) =>
  aUser({
    user_id: 2,
    email: 'admin@insight.test',
    first_name: 'Adam',
    last_name: 'Admin',
    is_admin: true,
    ...overrides,
  });

export const aProfileAccount = (overrides: Partial<User> = {}) =>
  aUser({
    user_id: 3,
    email: 'profile@insight.test',
    first_name: 'Paula',
    last_name: 'Profile',
    account_type: 'profile',
    ...overrides,
  });
