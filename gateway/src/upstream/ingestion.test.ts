import { accountApi, demoAccounts } from '@insight/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { marketWriteRepo } from '../market/repo';

let t: TestApp;
let backfillMs = 0;
beforeAll(async () => {
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
  const started = Date.now();
  await t.app.ingestor.start();
  backfillMs = Date.now() - started;
}, 180_000);
afterAll(async () => t.close());

const counts = () => marketWriteRepo(t.app.db).counts();

describe('ingestion from the built-in simulator', () => {
  it('backfills the whole history', async () => {
    const stored = await counts();
    expect(stored.companies).toBeGreaterThanOrEqual(300 + 38);
    expect(stored.analysts).toBeGreaterThanOrEqual(150);
    expect(stored.ratings).toBeGreaterThan(20_000);
    expect(stored.bars).toBeGreaterThan(stored.companies * 1200);
    expect(stored.earnings).toBeGreaterThan(stored.companies);
    expect(stored.news).toBeGreaterThan(1000);
    expect(stored.quotes).toBe(stored.companies);
    console.info(`backfill: ${backfillMs} ms on ${t.app.dbKind}`, stored);
    const oldest = await sql<{
      first: string;
    }>`select min(date)::text as first from daily_bars where symbol = 'SPY'`.execute(t.app.db);
    const fiveYearsAgo = new Date(Date.now() - 5 * 365.25 * 86_400_000).toISOString().slice(0, 10);
    expect(oldest.rows[0]!.first <= fiveYearsAgo).toBe(true);
  });

  it('adds nothing when it runs again', async () => {
    const before = await counts();
    for (const feed of ['reference', 'bars', 'ratings', 'news', 'quotes'] as const)
      await t.app.ingestor.run(feed);
    const after = await counts();
    expect(after).toEqual(before);
    expect(t.app.ingestor.lastError).toBeNull();
  });

  it('takes a rating published through the simulator control at once, and only once', async () => {
    const admin = new HttpClient(t.baseUrl);
    await signIn(
      admin,
      demoAccounts.find((account) => account.role === 'admin')!,
    );
    const before = await counts();
    const published = await admin.post('/api/sim/ratings', {
      symbol: 'msft',
      rating: 'sell',
      price_target: 12.5,
    });
    expect(published.status).toBe(200);
    const stored = await t.app.db
      .selectFrom('ratings')
      .selectAll()
      .where('id', '=', published.body.id)
      .executeTakeFirst();
    expect(stored).toMatchObject({ symbol: 'MSFT', rating: 'sell', price_target: '12.5' });
    await t.app.ingestor.run('ratings');
    expect((await counts()).ratings).toBe(before.ratings + 1);
  });

  it('moves a price through the control and stores the quote', async () => {
    const admin = new HttpClient(t.baseUrl);
    await signIn(
      admin,
      demoAccounts.find((account) => account.role === 'admin')!,
    );
    expect((await admin.post('/api/sim/quotes', { symbol: 'AAPL', lastPrice: 321.09 })).status).toBe(200);
    const quote = await t.app.db
      .selectFrom('quotes')
      .selectAll()
      .where('symbol', '=', 'AAPL')
      .executeTakeFirstOrThrow();
    expect(Number(quote.last_price)).toBeCloseTo(321.09, 1);
  });

  it('refuses the control to a non-admin and bad input with 400', async () => {
    const user = new HttpClient(t.baseUrl);
    await signIn(
      user,
      demoAccounts.find((account) => account.role === 'user')!,
    );
    expect((await user.post('/api/sim/market', { open: true })).status).toBe(403);
    const admin = new HttpClient(t.baseUrl);
    await signIn(
      admin,
      demoAccounts.find((account) => account.role === 'admin')!,
    );
    const bad = await admin.post('/api/sim/ratings', { symbol: 'AAPL', rating: 'hold', price_target: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('rating');
    const unknown = await admin.post('/api/sim/quotes', { symbol: 'NOPE', lastPrice: 10 });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toContain('Unknown symbol NOPE');
  });

  it('reports the market status, forced through the control, and unknown while the upstream fails', async () => {
    const admin = new HttpClient(t.baseUrl);
    await signIn(
      admin,
      demoAccounts.find((account) => account.role === 'admin')!,
    );
    await admin.post('/api/sim/market', { open: true });
    expect(t.app.ingestor.marketOpen()).toBe(true);
    await admin.post('/api/sim/market', { open: false });
    expect(t.app.ingestor.marketOpen()).toBe(false);

    await admin.post('/api/sim/upstream', { failing: true });
    expect(t.app.ingestor.marketOpen()).toBeNull();
    const health = await admin.get('/api/health');
    expect(health.status).toBe(200);
    expect(health.body.upstream.ok).toBe(false);
    expect(health.body.status).toBe('degraded');
    // What is stored is still served.
    expect((await admin.post(accountApi.currentUser)).status).toBe(200);

    await admin.post('/api/sim/upstream', { failing: false });
    await admin.post('/api/sim/market', { open: null });
    expect(t.app.ingestor.marketOpen()).not.toBeNull();
    expect((await admin.get('/api/health')).body.upstream.ok).toBe(true);
  });
});
