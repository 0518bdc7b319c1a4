import { accountApi, messages } from '@insight/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
