import { accountApi, alertsApi, emptyFilterSet, messages, type FilterSet } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t?.close());

const investor = async () => {
  const client = new HttpClient(t.baseUrl);
  await signIn(client, await createUser(t.app));
  return client;
};
const filtersOf = async (client: HttpClient) => {
  const response = await client.post(accountApi.currentUser);
  expect(response.status).toBe(200);
  return response.body.data.alert_filters as FilterSet | null;
};

const chosen: FilterSet = {
  ...emptyFilterSet,
  market_cap: [2_000_000_000, 0],
  beta: [0.5, 2.5],
  rate: [5, 7],
  rating: ['buy'],
  sector_name: ['Energy', 'Utilities'],
  analyst_name: ['Jane Doe'],
  universes: ['S&P500'],
  inWatchlist: ['In Watchlist'],
};

describe('saving the alert filters (spec 000 §4 "Alert filters")', () => {
  it('a user has none until they save some, and get_current_user answers what they saved', async () => {
    const user = await investor();
    expect(await filtersOf(user)).toBeNull();
    const saved = await user.post(alertsApi.saveFilters, { alert_filters: chosen });
    expect(saved).toMatchObject({ status: 200, body: { status: true } });
    expect(await filtersOf(user)).toEqual(chosen);
  });

  it('saving again replaces them, and null clears them (back to the defaults)', async () => {
    const user = await investor();
    await user.post(alertsApi.saveFilters, { alert_filters: chosen });
    const narrower = { ...chosen, rating: ['sell'], sector_name: [] };
    await user.post(alertsApi.saveFilters, { alert_filters: narrower });
    expect(await filtersOf(user)).toEqual(narrower);
    expect((await user.post(alertsApi.saveFilters, { alert_filters: null })).body).toEqual({ status: true });
    expect(await filtersOf(user)).toBeNull();
  });

  it('filters are per user', async () => {
    const one = await investor();
    const other = await investor();
    await one.post(alertsApi.saveFilters, { alert_filters: chosen });
    expect(await filtersOf(other)).toBeNull();
  });

  it.each([
    ['a range that is not a pair', { ...chosen, beta: [1] }, 'alert_filters.beta'],
    ['a rating that is neither buy nor sell', { ...chosen, rating: ['hold'] }, 'alert_filters.rating.0'],
    ['a missing list', { ...chosen, universes: undefined }, 'alert_filters.universes'],
    ['no filters at all', undefined, 'alert_filters'],
  ])('refuses %s with 400 naming the field, and keeps what was saved', async (_case, filters, field) => {
    const user = await investor();
    await user.post(alertsApi.saveFilters, { alert_filters: chosen });
    const response = await user.post(alertsApi.saveFilters, { alert_filters: filters });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ status: false, field });
    expect(await filtersOf(user)).toEqual(chosen);
  });

  it('refuses anonymous callers (401) and profile-type accounts (403)', async () => {
    const anonymous = await new HttpClient(t.baseUrl).post(alertsApi.saveFilters, { alert_filters: chosen });
    expect(anonymous).toMatchObject({ status: 401, body: { status: false, msg: messages.session.required } });
    const profile = new HttpClient(t.baseUrl);
    await signIn(profile, await createUser(t.app, { account_type: 'profile' }));
    expect((await profile.post(alertsApi.saveFilters, { alert_filters: chosen })).status).toBe(403);
  });
});
