import { demoAccounts } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoHistory } from '../gateway/src/sim/demo-history';
import { newPage, shot, signInThroughForm, skipReason, startE2E, viewports, type E2E } from './harness';

/**
 * The demo accounts on a first start (issue 15, "a first start worth showing"): the demo user's past
 * file charts at once; the trial and the expiring accounts see their banners; the trial, without a
 * subscription, sees the mobile view's premium buttons.
 */
let e2e: E2E;
beforeAll(async () => {
  if (skipReason) return;
  e2e = await startE2E({ INGEST: '1', DEMO_HISTORY: '1' });
  const seeded = await seedDemoHistory(e2e.gateway.app);
  console.info(`demo history seeded in ${seeded.ms} ms`);
}, 300_000);
afterAll(async () => e2e?.close());

const account = (email: string) => demoAccounts.find((a) => a.email === email)!;

describe.skipIf(skipReason)('the demo accounts, in a real browser', () => {
  it('the demo user’s two-year file charts against its benchmarks, with closed positions', async () => {
    const page = await newPage(e2e);
    page.setDefaultTimeout(60_000);
    const demo = account('demo@insight.test');
    await page.goto('/login?redirect=%2F%3Ftab%3D3');
    await signInThroughForm(page, demo.email, demo.password);
    const chart = page.getByRole('img', { name: /against SPY, RSP/ });
    await chart.locator('.apexcharts-svg').waitFor();
    // Two years of points: the line is drawn, not a stub.
    await chart.locator('.apexcharts-line path, .apexcharts-series path').first().waitFor();
    await shot(page, 'demo-portfolio-desktop');
  }, 180_000);

  it('the expiring account sees its subscription banner', async () => {
    const page = await newPage(e2e);
    const expiring = account('expiring@insight.test');
    await page.goto('/login');
    await signInThroughForm(page, expiring.email, expiring.password);
    const note = page.getByRole('note', { name: 'Subscription' });
    await note.waitFor({ timeout: 30_000 });
    expect(await note.textContent()).toMatch(/Attention! Your subscription will expire in\s*20\s*days/);
    await shot(page, 'demo-expiring-banner');
  }, 90_000);

  it('the trial account, without a subscription, sees Get Premium and Go Premium in the mobile view', async () => {
    const page = await newPage(e2e, viewports.phone);
    await page.goto('/apphome?id=trial-app');
    await page.getByRole('button', { name: 'Get Premium' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Go Premium' }).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await shot(page, 'demo-trial-apphome-phone');
  }, 90_000);
});
