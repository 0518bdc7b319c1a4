import { accountApi, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../gateway/test/factories/users';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (!skipReason) e2e = await startE2E();
});
afterAll(async () => e2e?.close());

describe.skipIf(skipReason)('my profile page', () => {
  it('applies the password rules, saves a new password, and the new one signs in', async () => {
    const user = await createUser(e2e.gateway.app, { first_name: 'Rita' });
    const page = await newPage(e2e);
    await page.goto('/profile');
    await signInThroughForm(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/profile');

    await page.getByLabel('Current password').fill(user.password);
    await page.getByLabel('New password', { exact: true }).fill('Better123');
    await page.getByLabel('Confirm new password').fill('Better12');
    await page.getByText(messages.password.mismatchInline).waitFor();

    await page.getByLabel('New password', { exact: true }).fill('weakpass');
    await page.getByLabel('Confirm new password').fill('weakpass');
    await page.getByRole('button', { name: /change password|save password/i }).click();
    await page.getByText(messages.password.rule).first().waitFor();
    await shot(page, 'profile-password-rule');

    await page.getByLabel('New password', { exact: true }).fill('Better123');
    await page.getByLabel('Confirm new password').fill('Better123');
    await page.getByRole('button', { name: /change password|save password/i }).click();
    await page.getByText(messages.password.saved).first().waitFor();

    // The server agrees: the new password signs in, the old one does not.
    const login = (password: string) =>
      fetch(e2e.baseUrl + accountApi.login, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          loginData: { method: 'email', credentials: { email: user.email, password } },
        }),
      });
    expect((await login('Better123')).status).toBe(200);
    expect((await login(user.password)).status).toBe(401);
  });

  it('saves the display name and shows it in the top bar', async () => {
    const user = await createUser(e2e.gateway.app, { first_name: 'Nadia' });
    const page = await newPage(e2e, viewports.phone);
    await page.goto('/login?redirect=%2Fprofile');
    await signInThroughForm(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === '/profile');
    await page.getByRole('textbox', { name: 'Display name' }).fill('Night Trader');
    await page
      .getByRole('button', { name: /save display name|save name|update/i })
      .first()
      .click();
    await page.getByText(messages.nickname.saved).first().waitFor();
    await shot(page, 'profile-phone');
    await page.reload();
    await page.getByText('Night Trader').first().waitFor();
  });
});
