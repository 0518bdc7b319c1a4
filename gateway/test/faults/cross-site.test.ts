import { messages } from '@insight/shared';
import { apiPath } from '@insight/shared/market/schemas';
import { portfolioApi } from '@insight/shared/portfolio/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../app';
import { createUser, signIn } from '../factories/users';
import { HttpClient } from '../http';

/**
 * Issue 14 §1: a state change a browser marks as coming from another site is refused by one guard,
 * whatever the route; the same request without those headers (tests, apps, curl) goes through.
 */
describe('cross-site writes', () => {
  let t: TestApp;
  let owner: HttpClient;
  let fileId: number;

  beforeAll(async () => {
    t = await startTestApp();
    owner = new HttpClient(t.baseUrl);
    await signIn(owner, await createUser(t.app));
    const created = await owner.post(portfolioApi.create, { start_budget: 1000 });
    expect(created.status).toBe(200);
    fileId = created.body.id;
  });
  afterAll(() => t.close());

  const reset = () => apiPath(portfolioApi.reset, { id: fileId });

  it('a link from another site to delete_portfolio (a GET) is refused with 403 and the file stays', async () => {
    const response = await owner.get(reset(), {
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      referer: 'https://evil.example/page',
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: false, msg: messages.session.crossSite });
    expect((await owner.get(apiPath(portfolioApi.unitPrice, { id: fileId }))).status).toBe(200);
  });

  it.each([
    ['a foreign Origin', { origin: 'https://evil.example' }],
    ['an opaque Origin (sandboxed frame)', { origin: 'null' }],
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site same-site without our Origin', { 'sec-fetch-site': 'same-site' }],
    [
      'a foreign Origin that claims same-origin',
      { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
    ],
    ['a foreign Referer without Fetch Metadata', { referer: 'https://evil.example/x' }],
  ])('a POST with %s is refused with 403', async (_name, headers) => {
    const response = await owner.post(portfolioApi.deposits, { portfolioId: fileId, units: 5 }, headers);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ status: false, msg: messages.session.crossSite });
  });

  it('a form post (text/plain or urlencoded) is refused with 415, whatever its origin says', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const response = await owner.post(
        portfolioApi.addBudget,
        '{"portfolio_id":1,"units":5,"deposit":true}',
        {
          'content-type': type,
        },
      );
      expect(response.status, type).toBe(415);
      expect(response.body.status).toBe(false);
    }
  });

  it('our own pages (same-origin, our Origin) and clients without those headers keep working', async () => {
    const own = new URL(t.baseUrl).origin;
    const fromPage = await owner.post(
      apiPath(portfolioApi.deposits, {}),
      { portfolioId: fileId, units: 5 },
      {
        origin: own,
        'sec-fetch-site': 'same-origin',
        referer: `${own}/portfolio`,
      },
    );
    expect(fromPage.status).not.toBe(403);
    expect(fromPage.status).not.toBe(415);
    // A read from another site is not concerned (CORS keeps its answer from the page).
    const read = await owner.get(apiPath(portfolioApi.unitPrice, { id: fileId }), {
      'sec-fetch-site': 'cross-site',
    });
    expect(read.status).toBe(200);
    // No headers at all, and an empty body on a write: accepted.
    const plain = await owner.get(reset());
    expect(plain.status).toBe(200);
  });

  it('refuses to start when an /api route declares no effect, or a POST declares a read', async () => {
    const refusals: unknown[] = [];
    const other = await startTestApp({}, (app) => {
      const attempt = (add: () => void) => {
        try {
          add();
        } catch (error) {
          refusals.push(error);
        }
      };
      attempt(() => app.get('/api/test/no-effect', { config: { access: 'public' } }, async () => ({})));
      attempt(() =>
        app.post('/api/test/post-read', { config: { access: 'public', effect: 'read' } }, async () => ({})),
      );
    });
    await other.close();
    expect(refusals.map(String)).toEqual([
      expect.stringMatching(/declares no config.effect/),
      expect.stringMatching(/declares effect 'read'/),
    ]);
  });
});
