import { demoAccounts } from '@insight/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { buildUpstreamApp } from './http-app';
import { Simulator } from './simulator/simulator';

/**
 * The gateway against the standalone simulator over HTTP (UPSTREAM_URL), as in the scaled mode: it
 * keeps serving while the upstream is gone, says so in /api/health, and recovers by itself.
 */
const simulator = new Simulator({ seed: 11 });
let upstream: FastifyInstance;
let port = 0;
let t: TestApp;

async function startUpstream() {
  upstream = await buildUpstreamApp(simulator, { control: true, logger: false });
  await upstream.listen({ host: '127.0.0.1', port });
  const address = upstream.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
}

async function waitFor(check: () => Promise<boolean>, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

beforeAll(async () => {
  await startUpstream();
  t = await startTestApp({
    UPSTREAM_URL: `http://127.0.0.1:${port}`,
    INGEST: '1',
    DEMO_SEED: '1',
    SIM_CONTROL: '1',
  });
  await t.app.ingestor.start();
}, 240_000);
afterAll(async () => {
  await t.close();
  await upstream.close();
});

const admin = async () => {
  const client = new HttpClient(t.baseUrl);
  await signIn(
    client,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
  return client;
};

describe('the gateway with the standalone upstream', () => {
  it('ingests the market over HTTP', async () => {
    const health = await new HttpClient(t.baseUrl).get('/api/health');
    expect(health.body.upstream).toMatchObject({ kind: 'http', ok: true });
    const companies = await t.app.db
      .selectFrom('companies')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(companies.n)).toBeGreaterThan(500);
  });

  it('forwards the simulator control to the upstream and ingests the result', async () => {
    const client = await admin();
    const published = await client.post('/api/sim/ratings', {
      symbol: 'NVDA',
      rating: 'buy',
      price_target: 999,
    });
    expect(published.status).toBe(200);
    const stored = await t.app.db
      .selectFrom('ratings')
      .select(['symbol', 'price_target'])
      .where('id', '=', published.body.id)
      .executeTakeFirst();
    expect(stored).toEqual({ symbol: 'NVDA', price_target: '999' });
  });

  it('stays up while the upstream is down, says so, and recovers by itself when it returns', async () => {
    const client = await admin();
    await upstream.close();
    await t.app.ingestor.run('status');
    const down = await client.get('/api/health');
    expect(down.status).toBe(200);
    expect(down.body.status).toBe('degraded');
    expect(down.body.upstream.ok).toBe(false);
    expect(t.app.ingestor.marketOpen()).toBeNull();
    // Stored facts are still served, and signing in still works.
    expect((await client.post('/api/user/get_current_user')).status).toBe(200);
    expect((await signIn(new HttpClient(t.baseUrl), demoAccounts[0])).status).toBe(200);

    await startUpstream();
    const recovered = await waitFor(
      async () => (await client.get('/api/health')).body.upstream.ok === true,
      30_000,
    );
    expect(recovered).toBe(true);
    expect(t.app.ingestor.marketOpen()).not.toBeNull();
  }, 60_000);
});
