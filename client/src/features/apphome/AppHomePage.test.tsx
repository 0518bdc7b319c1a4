import { accountApi, marketApi, messages } from '@insight/shared';
import { appsApi, toTopRatingAlert } from '@insight/shared/apps/schemas';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { aUser } from '../../test/factories';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';

describe('the mobile web view', () => {
  it('signs in with the app id of the query', async () => {
    const network = fakeNetwork({
      [accountApi.currentUser]: () => fail(401, messages.session.required),
      [accountApi.appLogin]: () =>
        ok({ status: true, data: aUser({ nickname: 'Dee' }), access_token: 'app-token' }),
    });
    renderApp('/apphome?id=demo-app');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dee' })).toBeTruthy();
    expect(network.callsTo(accountApi.appLogin)[0]?.body).toEqual({ app_id: 'demo-app' });
    expect(window.localStorage.getItem('insight.auth_token')).toBe('app-token');
  });

  it("shows the server's message when the id is refused", async () => {
    fakeNetwork({
      [accountApi.currentUser]: () => fail(401, messages.session.required),
      [accountApi.appLogin]: () => fail(401, messages.login.invalidAppId),
    });
    renderApp('/apphome?id=nope');
    expect(await screen.findByText(messages.login.invalidAppId)).toBeTruthy();
  });

  it("shows the top ratings and, without a subscription, 'Get Premium' and 'Go Premium', posting to the native app", async () => {
    const posted: unknown[] = [];
    Object.assign(window, {
      ReactNativeWebView: { postMessage: (text: string) => posted.push(JSON.parse(text)) },
    });
    const rating = toTopRatingAlert({
      id: 1,
      type: 1014,
      rating: 'buy',
      symbol: 'AAPL',
      time: 1_700_000_000,
      analyst_name: 'Ann Analyst',
      success_rate: 60,
      price_target: 250,
      sector_name: 'Information Technology',
      company_name_2: 'Apple Inc.',
      rate: 5,
      earning_date: null,
      market_cap: null,
      mc_index: null,
      beta: null,
      upside: 12.5,
      pe_ratio_12m: null,
      universes: [],
      rating_id: null,
      firm: null,
      price_when_posted: null,
      last_price: 222,
    });
    fakeNetwork({
      [accountApi.currentUser]: () => fail(401, messages.session.required),
      [accountApi.appLogin]: () =>
        ok({ status: true, data: aUser({ user_id: 42, nickname: 'Dee', subscription_status: null }) }),
      [appsApi.mine]: () => ok({ data: { flavor: 'insight-ios', name: 'Insight for iPhone' } }),
      [appsApi.topRatings]: () => ok({ alerts: [rating] }),
      [marketApi.topNews]: () => ok({ news: [] }),
    });
    renderApp('/apphome?id=demo-app');
    expect(await screen.findByText('AAPL')).toBeTruthy();
    expect(screen.getByText('BULLISH')).toBeTruthy();
    expect(posted).toContainEqual({ type: 'ready', user_id: 42, app: 'insight-ios' });
    fireEvent.click(screen.getByRole('button', { name: 'Get Premium' }));
    fireEvent.click(screen.getByRole('button', { name: 'Go Premium' }));
    fireEvent.click(screen.getByRole('button', { name: /AAPL/ }));
    expect(posted).toContainEqual({ type: 'go_premium', source: 'get_premium' });
    expect(posted).toContainEqual({ type: 'go_premium', source: 'go_premium' });
    expect(posted).toContainEqual({ type: 'open_stock', symbol: 'AAPL' });
    expect(await screen.findByText('No news right now.')).toBeTruthy();
  });

  it('offers no premium buttons to a subscriber', async () => {
    fakeNetwork({
      [accountApi.currentUser]: () => fail(401, messages.session.required),
      [accountApi.appLogin]: () => ok({ status: true, data: aUser({ nickname: 'Sub' }) }),
      [appsApi.mine]: () => ok({ data: null }),
      [appsApi.topRatings]: () => ok({ alerts: [] }),
      [marketApi.topNews]: () => ok({ news: [] }),
    });
    renderApp('/apphome?id=demo-app');
    expect(await screen.findByText('No ratings right now.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Get Premium' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Go Premium' })).toBeNull();
  });
});

afterEach(() => {
  Reflect.deleteProperty(window, 'ReactNativeWebView');
});
