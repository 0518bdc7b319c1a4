import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoAccounts, messages, portfolioApi } from '@insight/shared';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, signInThroughForm, skipReason, startE2E, type E2E } from './harness';

/**
 * Issue 14 §1 and §6 in a real browser: a page of another site cannot change anything with the
 * user's cookie (a link to delete_portfolio, a form posting a deposit), and the built client runs
 * under the Content-Security-Policy without a single violation.
 */
let e2e: E2E;
let evil: http.Server;
let evilUrl: string;
let evilPage = '';

beforeAll(async () => {
  if (skipReason) return;
  e2e = await startE2E();
  // Another site: `localhost` is not the same site as the gateway's 127.0.0.1.
  evil = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(evilPage);
  });
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://localhost:${(evil.address() as AddressInfo).port}/`;
}, 180_000);
afterAll(async () => {
  evil?.close();
  await e2e?.close();
});

const user = demoAccounts.find((account) => account.role === 'user')!;

/** Every CSP violation and console error a page reports from now on. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

async function csViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
}

describe.skipIf(skipReason)('security in a real browser', () => {
  it('runs the built client under its Content-Security-Policy without a violation or console error', async () => {
    const page = await newPage(e2e);
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { __csp: string[] }).__csp = seen;
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`),
      );
    });
    const problems = watch(page);
    const response = await page.goto('/login');
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
    await signInThroughForm(page, user.email, user.password);
    await page.getByText(`Logged in as ${user.first_name}`).waitFor();
    for (const path of ['/', '/?tab=3', '/?tab=2', '/profile']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      expect(await csViolations(page), path).toEqual([]);
    }
    expect(
      problems.filter((problem) => /Content Security Policy|unsafe-eval|EvalError/i.test(problem)),
    ).toEqual([]);
    // The only console errors allowed are answers the app expects (the signed-out check's 401).
    expect(problems.filter((problem) => !/status of 401/.test(problem))).toEqual([]);
  });

  it("a link or a form on another site cannot reset or fund the user's portfolio", async () => {
    const page = await newPage(e2e);
    await page.goto('/login');
    await signInThroughForm(page, user.email, user.password);
    await page.getByText(`Logged in as ${user.first_name}`).waitFor();
    // The user's file, made from Insight's own page (same origin: allowed).
    const made = await page.evaluate(async (url) => {
      const mine = await fetch('/api/user/get_current_user', { method: 'POST' }).then((r) => r.json());
      const list = await fetch(`/api/file/get_user_portfolios/${mine.data.user_id}`).then((r) => r.json());
      if (list.length > 0) return list[0].id as number;
      const created = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ start_budget: 5000 }),
      });
      return (await created.json()).id as number;
    }, portfolioApi.create);
    expect(made).toBeGreaterThan(0);
    const units = () =>
      page.evaluate(async (id) => {
        const answer = await fetch(`/api/file/get_funds_history/${id}`);
        return answer.ok ? ((await answer.json()) as unknown[]).length : -1;
      }, made);
    const before = await units();
    expect(before).toBeGreaterThan(0);

    // 1. A link to the spec's GET that wipes the file.
    const reset = `${e2e.baseUrl}${portfolioApi.reset.replace(':id', String(made))}`;
    evilPage = `<html><body><a id="go" href="${reset}">Win a prize</a></body></html>`;
    const attacker = await page.context().newPage();
    await attacker.goto(evilUrl);
    const [answer] = await Promise.all([
      attacker.waitForResponse((response) => response.url() === reset),
      attacker.click('#go'),
    ]);
    expect(answer.status()).toBe(403);
    await attacker.waitForLoadState();
    expect(await attacker.textContent('body')).toContain(messages.session.crossSite);

    // 2. A form that posts a deposit (text/plain, the only JSON-looking body a form can send).
    evilPage =
      `<html><body><form id="f" method="POST" enctype="text/plain" action="${e2e.baseUrl}${portfolioApi.deposits}">` +
      `<input name='{"portfolioId":${made},"units":1,"x":"' value='"}'></form>` +
      `<script>document.getElementById('f').submit()</script></body></html>`;
    const posted = attacker.waitForResponse((response) => response.url().endsWith(portfolioApi.deposits));
    await attacker.goto(evilUrl);
    const formAnswer = await posted;
    // Refused either way: without the Lax cookie (401) or by the guard (403 / 415).
    expect([401, 403, 415]).toContain(formAnswer.status());

    expect(await units()).toBe(before);
    // The file is still there.
    const still = await page.evaluate(
      async (id) => (await fetch(`/api/file/get_unit_price/${id}`)).status,
      made,
    );
    expect(still).toBe(200);
  });
});
