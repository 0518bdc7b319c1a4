import { accountApi, type User } from '@insight/shared';
import { universesApi } from '@insight/shared/market/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aUser, anAdmin } from '../../test/factories';
import { fakeNetwork, ok } from '../../test/fakeNetwork';
import { renderApp } from '../../test/render';

// The spec's five, then ours: the user's jobs.
const everyone = [
  'Opportunities Scanner',
  'Market Data',
  'Backtest',
  'Universes',
  'Portfolio Notifications',
  'My reports',
];
const admins = [
  'Clients Portfolios',
  'Strategy Backtest',
  'Research Analyst Team',
  'Admin Investment PL',
  'Admin signal',
  'Universe symbols history',
];
const systemAdmins = [
  'Add Symbols',
  'Update Earnings Date',
  'User Orders by User ID',
  'Copy portfolio from user to user',
  'Throttled sign-ins',
];

const universes = [
  { id: 1, name: 'S&P500', system: true, updated: '2026-01-05T10:00:00.000Z', tickers_count: 503 },
  { id: 9, name: 'Big tech', system: false, updated: '2026-02-01T10:00:00.000Z', tickers_count: 4 },
];

function open(user: User, path = '/?tab=4') {
  fakeNetwork({
    [accountApi.currentUser]: () => ok({ data: user }),
    [universesApi.list]: () => ok(universes),
  });
  return renderApp(path);
}

const slow = { timeout: 5000 };
/** The desktop menu (jsdom applies the phone-first CSS, which hides it: `hidden` reaches it all the same). */
const sideMenu = () =>
  waitFor(() => {
    const nav = document.querySelector<HTMLElement>('nav[aria-label="Tools"]');
    if (!nav) throw new Error('no Tools menu yet');
    return nav;
  }, slow);
const menuEntries = async () =>
  within(await sideMenu())
    .getAllByRole('link', { hidden: true })
    .map((link) => link.textContent);
/** The phone's select offers the same entries. */
const selectEntries = () =>
  Array.from(screen.getByRole('combobox', { name: 'Tool', hidden: true }).querySelectorAll('option')).map(
    (option) => option.textContent,
  );

describe('the Tools side menu by role (spec 002 §2.2)', () => {
  it.each([
    ['an ordinary user', aUser(), everyone],
    ['a client admin', aUser({ client_admin: true }), [...everyone, ...admins]],
    ['a system admin', anAdmin(), [...everyone, ...admins, ...systemAdmins]],
  ])('%s sees its entries, in order', async (_role, user, entries) => {
    open(user);
    expect(await menuEntries()).toEqual(entries);
    expect(selectEntries()).toEqual(entries);
  });

  it('names the tool in the URL; the first one opens by default and opp preselects Market Data', async () => {
    open(aUser());
    expect(await screen.findByRole('heading', { name: 'Opportunities Scanner' }, slow)).toBeTruthy();
    const nav = await sideMenu();
    expect(within(nav).getByRole('link', { name: 'Universes', hidden: true }).getAttribute('href')).toBe(
      '/?tab=4&tool=universes',
    );
  });

  it('opens Market Data with the opp flag', { timeout: 30_000 }, async () => {
    open(aUser(), '/?tab=4&opp=1');
    // The Market Data screen is a larger lazy chunk (its form, charts and job list) than a placeholder.
    expect(await screen.findByRole('heading', { name: 'Market Data' }, { timeout: 20_000 })).toBeTruthy();
    const nav = await sideMenu();
    expect(
      within(nav).getByRole('link', { name: 'Market Data', hidden: true }).getAttribute('aria-current'),
    ).toBe('page');
  });

  it('opens the tool of the URL: an ordinary user views the universes', async () => {
    open(aUser(), '/?tab=4&tool=universes');
    expect(await screen.findByRole('heading', { name: 'Universes' }, slow)).toBeTruthy();
    await screen.findByText('Big tech', undefined, slow);
    // An ordinary user views: no New universe, no delete, "View" rather than "Edit".
    expect(screen.queryByRole('button', { name: /New universe/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'View Big tech' })).toBeTruthy();
  });

  it('shows a client admin the edit and delete controls of its own universes only', async () => {
    open(aUser({ client_admin: true }), '/?tab=4&tool=universes');
    await screen.findByText('Big tech', undefined, slow);
    expect(screen.getByRole('button', { name: /New universe/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit Big tech' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete Big tech' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'View S&P500' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete S&P500' })).toBeNull();
  });

  it('refuses a system admin tool opened by URL to a client admin', async () => {
    open(aUser({ client_admin: true }), '/?tab=4&tool=add-symbols');
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'You do not have permission' })).toBeTruthy(),
    );
  });
});
