import type { User } from '@insight/shared';
import { describe, expect, it } from 'vitest';
import { nextProfileRebuilds, noProfileRebuilds, withAvailableProfile } from './profiles';

describe('profile rebuild pushes', () => {
  it('keep the latest of each profile, numbered in the order they were heard', () => {
    let heard = { seq: 0, rebuilds: noProfileRebuilds };
    heard = nextProfileRebuilds(heard, { profileId: 4, state: 'queued', done: 0, total: 2 });
    heard = nextProfileRebuilds(heard, { profileId: 9, state: 'running', done: 0, total: 1 });
    heard = nextProfileRebuilds(heard, { profileId: 4, state: 'running', done: 1, total: 2 });
    expect(heard.rebuilds[4]).toEqual({ profileId: 4, state: 'running', done: 1, total: 2, seq: 3 });
    expect(heard.rebuilds[9]?.seq).toBe(2);
  });
});

describe('a created profile', () => {
  const user = { user_id: 1, available_profiles: [{ id: 1, name: 'Default' }] } as User;

  it('joins the available profiles once', () => {
    const next = withAvailableProfile(user, { id: 5, name: 'value_hunter' });
    expect(next.available_profiles).toEqual([
      { id: 1, name: 'Default' },
      { id: 5, name: 'value_hunter' },
    ]);
    expect(withAvailableProfile(next, { id: 5, name: 'value_hunter' })).toBe(next);
  });
});
