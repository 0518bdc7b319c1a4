import { demoAccounts, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E();
});
afterAll(async () => e2e?.close());

const demo = (role: string) => demoAccounts.find((account) => account.role === role)!;

describe.skipIf(skipReason)('signing in, in a real browser', () => {
  it('sends a visitor to /login with a redirect back, and back after signing in', async () => {
    const page = await newPage(e2e);
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile/);
    // The login page says where the ratings come from (waits for the page to render; fails if it never shows).
    await page.getByText('does not generate recommendations', { exact: false }).first().waitFor();
    await shot(page, 'login-desktop');
    await signInThroughForm(page, demo('user').email, demo('user').password);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByText(`Logged in as ${demo('user').first_name}`).waitFor();
  });

  it('shows the form’s messages, then the server’s message for a wrong password', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(messages.login.emailAndPasswordRequired).waitFor();
    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('whatever');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText(messages.login.invalidEmail, { exact: true }).waitFor();

    await signInThroughForm(page, demo('user').email, 'Wrong1234');
    await page.getByRole('alertdialog').getByText(messages.login.wrongCredentials).waitFor();
    await shot(page, 'login-failed');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it.each([
    ['user', '/', 'Home'],
    ['admin', '/', 'Home'],
    ['client_admin', '/', 'Home'],
    ['profile', '/investment-profile', 'Edit Investment Profile'],
  ])('signs in the %s demo account and lands on %s', async (role, path, tabName) => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await signInThroughForm(page, demo(role).email, demo(role).password);
    await page.waitForURL((url) => url.pathname === path);
    await page.getByText(`Logged in as ${demo(role).first_name}`).waitFor();
    await page.getByRole('link', { name: tabName }).first().waitFor();
    // Admin items of the user menu follow the role.
    await page.getByText(`Logged in as ${demo(role).first_name}`).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).waitFor();
    const adminItem = await page.getByRole('menuitem', { name: 'Manage clients' }).count();
    expect(adminItem).toBe(role === 'admin' ? 1 : 0);
    await shot(page, `landing-${role}`);
  });

  it('signs out from the user menu and is sent back to the login page', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await signInThroughForm(page, demo('user').email, demo('user').password);
    await page.getByText(`Logged in as ${demo('user').first_name}`).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/login/);
    await page.goto('/profile');
    await page.waitForURL(/\/login\?redirect=%2Fprofile/);
  });
});

describe.skipIf(skipReason)('pages anyone can reach', () => {
  it.each([['desktop'], ['phone']] as const)('the 404 page (%s)', async (size) => {
    const page = await newPage(e2e, viewports[size]);
    await page.goto('/this/does/not/exist');
    await page.getByText('Oh! No! 404').waitFor();
    await page.getByText("Sorry, there's nothing here").waitFor();
    await shot(page, `not-found-${size}`);
    await page.getByRole('link', { name: "Let's go back home..." }).click();
    await page.waitForURL((url) => url.pathname === '/' || url.pathname === '/login');
  });

  it('the terms page links back to the login page', async () => {
    const page = await newPage(e2e);
    await page.goto('/terms');
    await page.getByText('Tel Aviv', { exact: false }).first().waitFor();
    await page.getByRole('link', { name: /login/i }).first().click();
    await page.waitForURL(/\/login/);
  });
});
