import { accountApi, messages, type User } from '@insight/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aProfileAccount, aUser, anAdmin } from '../../test/factories';
import { fail, fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';

/**
 * Menus are driven from the keyboard here: in jsdom, zag's pointer tracking keeps state between
 * tests, so a click on an item after an earlier test's menu is not always a selection. The browser
 * checks (playwright) click them.
 */
async function openUserMenu(name: RegExp) {
  const trigger = await screen.findByRole('button', { name });
  trigger.focus();
  await userEvent.keyboard('{Enter}');
  const menu = await screen.findByRole('menu');
  // zag moves the focus into the menu (and highlights its first item) a frame after it opens: keys sent
  // before that go to the trigger (seen on a loaded CI machine).
  await waitFor(() => {
    expect(menu.contains(document.activeElement)).toBe(true);
    expect(within(menu).getAllByRole('menuitem')[0]?.hasAttribute('data-highlighted')).toBe(true);
  });
  return menu;
}

const signedInAs = (user: User) =>
  fakeNetwork({
    [accountApi.currentUser]: () => ok({ data: user }),
    [accountApi.logout]: () => ok({ status: true }),
  });

describe('the route guard', () => {
  it('shows Authenticating... while the current user loads', async () => {
    fakeNetwork({ [accountApi.currentUser]: () => new Promise(() => undefined) });
    renderApp('/profile');
    expect(await screen.findByText('Authenticating...')).toBeTruthy();
    expect(screen.getByText(`© ${new Date().getFullYear()} Insight`)).toBeTruthy();
  });

  it('sends a visitor without a session to /login with the way back', async () => {
    fakeNetwork({ [accountApi.currentUser]: () => fail(401, messages.session.required) });
    const { router } = renderApp('/stock/AAPL?range=3');
    await screen.findByRole('heading', { name: 'Sign in to Insight' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?redirect=%2Fstock%2FAAPL%3Frange%3D3');
  });

  it('lets anyone read the terms, with a link back to login', async () => {
    fakeNetwork({ [accountApi.currentUser]: () => fail(401, messages.session.required) });
    renderApp('/terms');
    expect(await screen.findByRole('heading', { name: 'Terms and Conditions and EULA' })).toBeTruthy();
    expect(screen.getByText(/governed by the laws of the State of Israel/)).toBeTruthy();
    expect(screen.getAllByRole('link', { name: /Back to login/ })[0]?.getAttribute('href')).toBe('/login');
  });

  it('answers an unknown path with the 404 page', async () => {
    fakeNetwork({ [accountApi.currentUser]: () => fail(401, messages.session.required) });
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Oh! No! 404' })).toBeTruthy();
    expect(screen.getByText("Sorry, there's nothing here")).toBeTruthy();
    expect(screen.getByRole('link', { name: "Let's go back home..." }).getAttribute('href')).toBe('/');
  });
});

describe('the top bar', () => {
  it('names the user and offers the account entries, without the admin ones', async () => {
    signedInAs(aUser({ nickname: null, first_name: 'Dana' }));
    renderApp('/');
    const menu = await openUserMenu(/Logged in as Dana/);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['My profile', 'Contact us', 'Help', 'Sign out']);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens My profile from the keyboard', async () => {
    signedInAs(aUser());
    const { router } = renderApp('/');
    await openUserMenu(/Logged in as Dana/);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));
  });

  it('adds the admin entries for an admin', async () => {
    signedInAs(anAdmin({ first_name: null, nickname: null }));
    const { router } = renderApp('/');
    const menu = await openUserMenu(/Logged in as admin@insight.test/);
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual([
      'My profile',
      'Contact us',
      'Help',
      'Create profile',
      'Manage clients',
      'Manage app portfolios',
      'Sign out',
    ]);
    await userEvent.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(
      within(menu).getByRole('menuitem', { name: 'Manage clients' }).hasAttribute('data-highlighted'),
    ).toBe(true);
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/accounts'));
    expect(await screen.findByRole('heading', { name: /^Manage accounts$/i })).toBeTruthy();
  });

  it('signs out: tells the gateway, forgets the token and opens the login page', async () => {
    const network = signedInAs(aUser());
    window.localStorage.setItem('insight.auth_token', 'token-1');
    const { router } = renderApp('/?tab=1');
    await openUserMenu(/Logged in as/);
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('menuitem', { name: 'Sign out' }).hasAttribute('data-highlighted')).toBe(true);
    await userEvent.keyboard('{Enter}');
    await screen.findByRole('heading', { name: 'Sign in to Insight' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(network.callsTo(accountApi.logout)).toHaveLength(1);
    expect(window.localStorage.getItem('insight.auth_token')).toBeNull();
  });

  // The status is live from the socket (features/market; the texts in MarketStatus.test.tsx,
  // the pushes in e2e/realtime.e2e.ts); here the app has no socket, so it is still unknown.
  it('shows the market status slot, "Checking market status..." until the gateway tells', async () => {
    signedInAs(aUser());
    renderApp('/');
    expect(await screen.findByText('Checking market status...')).toBeTruthy();
    expect(screen.getAllByRole('status').length).toBeGreaterThan(0);
  });

  it("shows today's date", async () => {
    signedInAs(aUser());
    renderApp('/');
    const today = new Date().toLocaleDateString('en-US', {
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    });
    expect(await screen.findByText(today)).toBeTruthy();
  });
});

describe('the sub bar', () => {
  it('links the five tabs and marks the open one', async () => {
    signedInAs(aUser());
    renderApp('/?tab=3');
    const nav = await screen.findByRole('navigation', { name: 'Main sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/?tab=6'],
      ['Live Feed', '/?tab=0'],
      ['Watchlist', '/?tab=1'],
      ['Portfolio', '/?tab=3'],
      ['Tools', '/?tab=4'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Portfolio' }).getAttribute('aria-current')).toBe('page');
    expect(await screen.findByRole('heading', { name: /portfolio/i })).toBeTruthy();
  });

  it('/ shows the home dashboard', async () => {
    signedInAs(aUser({ nickname: null, first_name: 'Dana' }));
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Welcome, Dana', level: 1 })).toBeTruthy();
  });

  it('/?tab=4 shows the Tools area, its first tool chosen', async () => {
    signedInAs(aUser());
    renderApp('/?tab=4');
    expect(
      await screen.findByRole('heading', { name: 'Opportunities Scanner' }, { timeout: 5000 }),
    ).toBeTruthy();
  });

  it.each([['/?tab=15', 'Test table']])('%s shows the %s screen', async (path, title) => {
    signedInAs(aUser());
    renderApp(path);
    expect(await screen.findByRole('heading', { name: title })).toBeTruthy();
    expect(screen.queryByText(/arrives in a later release/)).toBeNull();
  });

  it('/?tab=0 shows the Live Feed', async () => {
    signedInAs(aUser());
    renderApp('/?tab=0');
    expect(await screen.findByRole('heading', { name: 'Live Feed' })).toBeTruthy();
    expect(screen.queryByText(/arrives in a later release/)).toBeNull();
  });

  it('/?tab=9 (any other tab) shows the News page', async () => {
    signedInAs(aUser());
    renderApp('/?tab=9');
    expect(await screen.findByRole('heading', { name: 'News' })).toBeTruthy();
    expect(screen.getByRole('tablist', { name: 'News channel' })).toBeTruthy();
  });

  it('shows a trial user the trial banner with the days badge in red under 15 days', async () => {
    signedInAs(aUser({ valid_to: 10, trail: 14, subscription_status: null }));
    renderApp('/');
    const banner = await screen.findByRole('note', { name: 'Subscription' });
    expect(banner.textContent).toBe(
      'You have used 4 out of 14 days of your trial subscription. Contact Sales Team within the next 10 days to ensure continued access.',
    );
    expect(within(banner).getByTestId('days-left').getAttribute('data-urgent')).toBe('true');
  });

  it('shows no banner to an account valid indefinitely', async () => {
    signedInAs(aUser({ valid_to: null }));
    renderApp('/');
    await screen.findByRole('navigation', { name: 'Main sections' });
    expect(screen.queryByRole('note', { name: 'Subscription' })).toBeNull();
  });

  it('gives a profile-type account only the Edit Investment Profile tab', async () => {
    signedInAs(aProfileAccount());
    const { router } = renderApp('/?tab=0');
    const nav = await screen.findByRole('navigation', { name: 'Main sections' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Edit Investment Profile']);
    await waitFor(() => expect(router.state.location.pathname).toBe('/investment-profile'));
  });
});

describe('admin pages', () => {
  it.each(['/manage/accounts', '/manage/users/7', '/newProfile', '/appportfolios'])(
    'refuse a regular user at %s',
    async (path) => {
      signedInAs(aUser());
      renderApp(path);
      expect(await screen.findByRole('heading', { name: 'You do not have permission' })).toBeTruthy();
    },
  );

  it('open for an admin', async () => {
    signedInAs(anAdmin());
    renderApp('/appportfolios');
    expect(await screen.findByRole('heading', { name: 'App portfolios' })).toBeTruthy();
    expect(screen.queryByText('You do not have permission')).toBeNull();
  });
});
