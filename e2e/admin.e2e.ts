import fs from 'node:fs';
import path from 'node:path';
import { demoAccounts, supportMessages } from '@insight/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

let e2e: E2E;
beforeAll(async () => {
  if (skipReason) return;
  e2e = await startE2E(process.env.CLIENT_DIST ? { CLIENT_DIST: process.env.CLIENT_DIST } : {});
  // Two investment profiles to choose from, one owned by a user (its chip shows the e-mail).
  const owner = await e2e.gateway.app.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'demo@insight.test')
    .executeTakeFirstOrThrow();
  await e2e.gateway.app.db
    .insertInto('profiles')
    .values([
      { name: 'growth_leaders', owner_user_id: owner.id },
      { name: 'value_picks', owner_user_id: null },
    ])
    .execute();
}, 180_000);
afterAll(async () => e2e?.close());

const admin = demoAccounts.find((account) => account.role === 'admin')!;
const inTenDays = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);

/** The viewport, when SCREENSHOTS=1: under SHOTS_DIR if set, else e2e/.artifacts/. */
async function snap(page: Page, name: string) {
  if (process.env.SCREENSHOTS !== '1') return;
  const dir = process.env.SHOTS_DIR ?? new URL('./.artifacts/', import.meta.url).pathname;
  fs.mkdirSync(dir, { recursive: true });
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

describe.skipIf(skipReason)('administration in a real browser', () => {
  it('an admin creates an account with a master and a linked profile and a user in it, who signs in and sees the trial banner', async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByText(`Logged in as ${admin.first_name}`).click();
    await page.getByRole('menuitem', { name: 'Manage clients' }).click();
    await page.getByRole('heading', { name: 'Manage accounts' }).waitFor();
    await page.getByRole('table', { name: 'accounts' }).waitFor();
    await page.getByRole('link', { name: 'New account' }).click();

    await page.getByRole('heading', { name: 'New Account' }).waitFor();
    await page.getByLabel('Name').fill('Harbor Capital');
    await page.getByLabel('Valid to Date').fill(inTenDays);
    await page.getByText('Trail', { exact: true }).click();
    await page.getByLabel('Master profile').selectOption({ label: 'growth leaders · demo@insight.test' });
    await page.getByLabel('Add Linked Profile').selectOption({ label: 'value picks' });
    await page.getByRole('listitem').filter({ hasText: 'value picks' }).waitFor();
    await snap(page, 'admin-account-form-desktop');
    await page.getByRole('button', { name: 'Save Changes' }).click();

    await page.waitForURL('**/manage/accounts');
    const row = page.getByRole('row').filter({ hasText: 'Harbor Capital' });
    await row.getByText('Trail').waitFor();
    await snap(page, 'admin-accounts-desktop');

    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await page.getByRole('link', { name: 'New user' }).click();
    await page.getByRole('heading', { name: 'New User' }).waitFor();
    await page.getByLabel('E-mail').fill('nope');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Not a valid email').waitFor();
    await page.getByLabel('E-mail').fill('harbor.analyst@example.test');
    await page.getByLabel('First name').fill('Hana');
    await page.getByLabel('Last name').fill('Harbor');
    await page.getByLabel('Account', { exact: true }).selectOption({ label: 'Harbor Capital' });
    await page.getByLabel('Password', { exact: true }).fill('Harb0r1');
    await page.getByLabel('Repeat password').fill('Harb0r2');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Passwords do not match').waitFor();
    await page.getByLabel('Repeat password').fill('Harb0r1');
    await snap(page, 'admin-user-form-desktop');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.waitForURL('**/manage/users');
    await page.getByRole('row').filter({ hasText: 'harbor.analyst@example.test' }).waitFor();

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page
      .getByRole('table', { name: 'Audit log' })
      .getByText('account #', { exact: false })
      .first()
      .waitFor();
    await snap(page, 'admin-audit-desktop');

    const phone = await newPage(e2e, viewports.phone);
    await phone.goto('/login');
    await signInThroughForm(phone, admin.email, admin.password);
    await phone.getByText(`Logged in as ${admin.first_name}`).waitFor();
    await phone.goto('/manage/accounts');
    await phone.getByRole('row').filter({ hasText: 'Harbor Capital' }).waitFor();
    await noSidewaysScroll(phone);
    await snap(phone, 'admin-accounts-phone');
    await phone.getByRole('link', { name: 'Harbor Capital' }).click();
    await phone.getByRole('heading', { name: 'Edit Account' }).waitFor();
    await phone.getByRole('listitem').filter({ hasText: 'value picks' }).waitFor();
    await noSidewaysScroll(phone);
    await snap(phone, 'admin-account-form-phone');

    const member = await newPage(e2e);
    await member.goto('/login');
    await signInThroughForm(member, 'harbor.analyst@example.test', 'Harb0r1');
    const banner = member.getByRole('note', { name: 'Subscription' });
    await banner.waitFor();
    expect((await banner.innerText()).replace(/\s+/g, ' ')).toContain(
      'You have used 1 out of 11 days of your trial subscription. Contact Sales Team within the next 10 days',
    );
    await snap(member, 'admin-member-banner-desktop');
  }, 180_000);

  it('the contact form refuses a bad e-mail and sends a good one', async () => {
    for (const [name, viewport] of Object.entries(viewports)) {
      const page = await newPage(e2e, viewport);
      await page.goto('/contact');
      await page.getByRole('heading', { name: 'How can we help?' }).waitFor();
      await page.getByLabel('Full Name').fill('Rita Reader');
      await page.getByLabel('Email').fill('rita@');
      await page.getByLabel('Support Topic').selectOption('Wrong Data');
      await page.getByLabel('Message').fill('The AAPL target looks off.');
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText(supportMessages.invalidEmail).waitFor();
      await noSidewaysScroll(page);
      await snap(page, `contact-invalid-${name}`);
      await page.getByLabel('Email').fill(`rita.${name}@example.test`);
      await page.getByRole('button', { name: 'Send' }).click();
      await page.getByText(supportMessages.sent).waitFor();
      await snap(page, `contact-sent-${name}`);
    }
    const stored = await e2e.gateway.app.db.selectFrom('support_requests').selectAll().execute();
    expect(stored.map((r) => r.email).sort()).toEqual([
      'rita.desktop@example.test',
      'rita.phone@example.test',
    ]);

    // Admins see the requests in the manage area and mark them handled.
    const page = await newPage(e2e);
    await page.goto('/login');
    await signInThroughForm(page, admin.email, admin.password);
    await page.getByText(`Logged in as ${admin.first_name}`).waitFor();
    await page.goto('/manage/support');
    const request = page.getByRole('article', { name: /rita\.desktop@example\.test/ });
    await request.getByText('The AAPL target looks off.').waitFor();
    await snap(page, 'admin-support-desktop');
    await request.getByRole('button', { name: 'Mark handled' }).click();
    await request.waitFor({ state: 'detached' });
    await page.getByText('Handled', { exact: true }).first().click();
    await page
      .getByRole('article', { name: /rita\.desktop@example\.test/ })
      .getByText('Handled', { exact: true })
      .waitFor();
    for (const mode of ['profiles', 'analysts', 'users']) {
      await page.goto(`/manage/${mode}`);
      await page.getByRole('table', { name: mode }).waitFor();
      await snap(page, `admin-${mode}-desktop`);
    }
  }, 180_000);

  it('the sign-up screen asks for the over-18 and Terms/EULA consent', async () => {
    const page = await newPage(e2e, viewports.phone);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    await page.getByLabel('First name').fill('Sol');
    await page.getByLabel('Last name').fill('Signup');
    await page.getByLabel('Email').fill('sol@example.test');
    await page.getByLabel('Password', { exact: true }).fill('Signup1a');
    await page.getByLabel('Confirm password').fill('Signup1a');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('You must be over 18 to use Insight.').waitFor();
    await page.locator('label', { hasText: 'I am over 18' }).locator('[data-part="control"]').click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please accept the Terms and the EULA.').waitFor();
    await page.locator('label', { hasText: 'I accept the' }).locator('[data-part="control"]').click();
    await noSidewaysScroll(page);
    await snap(page, 'signup-phone');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'User created successfully' }).waitFor();
  }, 120_000);
});
