import net from 'node:net';
import { errorBodySchema, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { canonicalApiUrl, urlLimits, v1Alias } from './api-paths';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => t.close());

/** A path of the route table with each `:param` filled by a plausible value. */
const filled = (url: string) =>
  url.replace(/:([a-zA-Z_]+)/g, (_m, name: string) =>
    /id$/i.test(name) ? '1' : /date|start|end/i.test(name) ? '2026-01-02' : 'AAPL',
  );

/** The raw answer of a request written by hand on a socket (for what fetch refuses to send). */
function rawRequest(port: number, head: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('utf8')));
    socket.on('close', () => resolve(data));
    socket.on('error', reject);
    setTimeout(() => socket.destroy(), 5000);
  });
}

describe('both prefixes by one mechanism', () => {
  it('maps /api/v1/... to /api/... and nothing else', () => {
    expect(canonicalApiUrl('/api/v1/universes?x=1')).toBe('/api/universes?x=1');
    expect(canonicalApiUrl('/api/finance/finance_info')).toBe('/api/finance/finance_info');
    expect(canonicalApiUrl('/api/v10/x')).toBe('/api/v10/x');
    expect(canonicalApiUrl('/stock/AAPL')).toBe('/stock/AAPL');
    expect(v1Alias('/api/universes')).toBe('/api/v1/universes');
  });

  it('has no route registered by hand under /api/v1/', () => {
    expect(t.app.apiRoutes.length).toBeGreaterThan(60);
    expect(t.app.apiRoutes.filter((route) => route.url.startsWith('/api/v1/'))).toEqual([]);
  });

  it('answers every call of the route table alike under /api/ and /api/v1/', async () => {
    const anonymous = new HttpClient(t.baseUrl);
    const mismatches: string[] = [];
    for (const route of t.app.apiRoutes) {
      const path = filled(route.url);
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
      const body = method === 'GET' ? undefined : {};
      const plain = await anonymous.request(method, path, body);
      const v1 = await anonymous.request(method, v1Alias(path), body);
      // Same route, same answer: the status, and for a refusal the same error body.
      if (plain.status !== v1.status) mismatches.push(`${method} ${path}: ${plain.status} vs ${v1.status}`);
      if (v1.status === 404 && v1.body?.msg === messages.server.notFound)
        mismatches.push(`${method} ${v1Alias(path)}: unknown route`);
      if (plain.status >= 400 && JSON.stringify(plain.body) !== JSON.stringify(v1.body))
        mismatches.push(`${method} ${path}: bodies differ`);
    }
    expect(mismatches).toEqual([]);
  });

  it('signs in under either prefix (the deposits and universes too)', async () => {
    const browser = new HttpClient(t.baseUrl);
    await signIn(browser, await createUser(t.app));
    for (const [method, path] of [
      ['GET', '/api/universes'],
      ['GET', '/api/v1/universes'],
      ['POST', '/api/portfolioDeposits'],
      ['POST', '/api/v1/portfolioDeposits'],
    ] as const) {
      const response = await browser.request(method, path, method === 'POST' ? {} : undefined);
      expect.soft(response.body, path).not.toEqual({ status: false, msg: messages.server.notFound });
      expect.soft(response.status, path).toBeLessThan(500);
    }
  });
});

describe('router-level refusals answer the error body', () => {
  const isErrorBody = (body: unknown) =>
    errorBodySchema.safeParse(body).success && (body as { status: unknown }).status === false;

  it('404 for an unknown API route, under either prefix', async () => {
    for (const path of ['/api/no/such/call', '/api/v1/no/such/call']) {
      const response = await new HttpClient(t.baseUrl).get(path);
      expect(response.status).toBe(404);
      expect(response.body).toEqual({ status: false, msg: messages.server.notFound });
    }
  });

  it('414 for an overlong path segment and an overlong URL', async () => {
    const client = new HttpClient(t.baseUrl);
    const segment = await client.get(`/api/finance/fetch_stock/${'A'.repeat(urlLimits.segment + 1)}`);
    expect(segment.status).toBe(414);
    expect(segment.body).toEqual({ status: false, msg: messages.server.uriTooLong });
    const url = await client.get(`/api/finance/is_market_open?${'q=1&'.repeat(2000)}`);
    expect(url.status).toBe(414);
    expect(isErrorBody(url.body)).toBe(true);
  });

  it('413 for a body too large, 415 for an unknown content type, 400 for bad JSON', async () => {
    const client = new HttpClient(t.baseUrl);
    const large = await client.post('/api/user/login', JSON.stringify({ x: 'a'.repeat(2 * 1024 * 1024) }));
    expect(large.status).toBe(413);
    expect(isErrorBody(large.body)).toBe(true);
    const type = await client.post('/api/user/login', 'email=a', {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(type.status).toBe(415);
    expect(isErrorBody(type.body)).toBe(true);
    const bad = await client.post('/api/user/login', '{"email":');
    expect(bad.status).toBe(400);
    expect(isErrorBody(bad.body)).toBe(true);
  });

  it('400 for a malformed URL and a broken request, in the error body', async () => {
    const malformed = await new HttpClient(t.baseUrl).get('/api/finance/fetch_stock/%E0%A4%A');
    expect(malformed.status).toBe(400);
    expect(isErrorBody(malformed.body)).toBe(true);
    const port = Number(new URL(t.baseUrl).port);
    const broken = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n');
    expect(broken).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(broken.slice(broken.indexOf('\r\n\r\n') + 4))).toEqual({
      status: false,
      msg: messages.server.badRequest,
    });
  });
});
