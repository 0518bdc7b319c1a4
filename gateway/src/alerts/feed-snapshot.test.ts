import {
  alertsApi,
  alertsPageSize,
  demoAccounts,
  readyApi,
  type Alert,
  type AlertFacets,
  type AlertsPage,
} from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket, TestSocket } from '../../test/socket';

/**
 * The feed at load: one cached list per profile cut into pages for every socket and call, dismissals
 * as a per-user filter, older pages by cursor.
 */
let t: TestApp;
let startedAt: number;
beforeAll(async () => {
  startedAt = Math.floor(Date.now() / 1000);
  t = await startTestApp({ INGEST: '1', DEMO_SEED: '1', SIM_CONTROL: '1' });
  await t.app.ingestor.start();
  await t.app.alerts.evaluate();
}, 180_000);
afterAll(async () => t.close());

const demoUser = demoAccounts.find((account) => account.role === 'user')!;
const admin = demoAccounts.find((account) => account.role === 'admin')!;

async function signedIn(user: { email: string; password: string }) {
  const client = new HttpClient(t.baseUrl);
  await signIn(client, user);
  return client;
}

async function allPages(client: HttpClient): Promise<{ first: AlertsPage; alerts: Alert[] }> {
  const response = await client.post('/api/user/finance_info/1/whatever/true');
  expect(response.status).toBe(200);
  const first = (response.body as { info: AlertsPage }).info;
  const alerts = [...first.alerts];
  let cursor = first.cursor;
  while (cursor !== null) {
    const next = await client.get(`${alertsApi.page}?cursor=${encodeURIComponent(cursor)}`);
    expect(next.status).toBe(200);
    const page = next.body as AlertsPage;
    alerts.push(...page.alerts);
    cursor = page.cursor;
  }
  return { first, alerts };
}

describe('pages of the alerts', () => {
  it('returns every alert the user can reach once, newest first, a page at a time', async () => {
    const { first, alerts } = await allPages(await signedIn(demoUser));
    expect(first.alerts).toHaveLength(alertsPageSize);
    expect(first.has_more).toBe(true);
    expect(alerts.length).toBe(first.total);
    expect(new Set(alerts.map((alert) => alert.id)).size).toBe(alerts.length);
    const times = alerts.map((alert) => alert.time);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // The whole list is the profile's, as the rules stored it.
    const stored = await t.app.db
      .selectFrom('alerts')
      .innerJoin('profiles', 'profiles.id', 'alerts.profile_id')
      .where('profiles.name', '=', 'Default')
      .where('alerts.at', '>', new Date(Date.now() - 400 * 86_400_000))
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBeGreaterThanOrEqual(alerts.length);
  });

  it('refuses a cursor it did not give, naming the field', async () => {
    const response = await (await signedIn(demoUser)).get(`${alertsApi.page}?cursor=drop%20table`);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toMatch(/cursor/);
  });
});

describe('the filter panel’s counts', () => {
  it('count every alert the user can reach, not only the first page, less their dismissals', async () => {
    const user = await createUser(t.app);
    const client = await signedIn(user);
    const dismissed = (await allPages(client)).first.alerts[5]!;
    expect((await client.post(alertsApi.dismiss, { alert_id: dismissed.id })).status).toBe(200);
    const { first, alerts } = await allPages(client);
    expect(first.has_more).toBe(true);
    const response = await client.get(alertsApi.facets);
    expect(response.status).toBe(200);
    const facets = response.body as AlertFacets;
    // A direct count over every page.
    const direct = (pick: (alert: Alert) => readonly (string | null)[]) => {
      const counts: Record<string, number> = {};
      for (const alert of alerts)
        for (const value of new Set(pick(alert)))
          if (value !== null && value !== '') counts[value] = (counts[value] ?? 0) + 1;
      return counts;
    };
    expect(facets.total).toBe(alerts.length);
    expect(facets.total).toBe(first.total);
    expect(facets.rating).toEqual(direct((alert) => [alert.rating]));
    expect(facets.sector_name).toEqual(direct((alert) => [alert.sector_name]));
    expect(facets.analyst_name).toEqual(direct((alert) => [alert.analyst_name]));
    expect(facets.universes).toEqual(direct((alert) => alert.universes));
    expect(facets.symbols).toEqual(direct((alert) => [alert.symbol]));
    expect(alerts.map((alert) => alert.id)).not.toContain(dismissed.id);
    // More than the first page holds.
    const onFirstPage = first.alerts.filter((alert) => alert.rating === 'buy').length;
    expect(facets.rating.buy).toBeGreaterThan(onFirstPage);
  });
});

describe('alerts dated by the market', () => {
  it('dates the derived alerts of a first backfill when their condition first held, not at the ingestion', async () => {
    const { alerts } = await allPages(await signedIn(demoUser));
    const derived = alerts.filter((alert) => alert.type !== 1014);
    expect(derived.length).toBeGreaterThan(5);
    const now = Math.floor(Date.now() / 1000);
    for (const alert of derived) {
      expect(alert.time).toBeLessThanOrEqual(now);
      // Not the moment the gateway started and ingested them.
      expect(Math.abs(alert.time - startedAt)).toBeGreaterThan(120);
    }
    // From the past, spread over days: a month of a market, not one instant.
    expect(new Set(derived.map((alert) => Math.floor(alert.time / 86_400))).size).toBeGreaterThan(3);
    // A derived alert about a rating names it: its rating's time is before its own.
    for (const alert of derived.filter((alert) => alert.type === 1004 || alert.type === 1016)) {
      expect(alert.analyst_name).toEqual(expect.any(String));
      expect(alert.rated_at).toBeLessThanOrEqual(alert.time);
    }
  });
});

describe('dismissals', () => {
  it('take a dismissed alert out of that user’s snapshot only', async () => {
    const [one, other] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const [oneClient, otherClient] = await Promise.all([signedIn(one), signedIn(other)]);
    const before = await connectSocket(t.baseUrl, { as: oneClient });
    const snapshot = await before.waitFor('alerts:snapshot', { timeoutMs: 10_000 });
    before.close();
    const victim = snapshot.alerts[3]!;
    const answer = await oneClient.post(alertsApi.dismiss, { alert_id: victim.id });
    expect(answer.status).toBe(200);

    const [mine, theirs] = await Promise.all([
      connectSocket(t.baseUrl, { as: oneClient }),
      connectSocket(t.baseUrl, { as: otherClient }),
    ]);
    const [mySnapshot, theirSnapshot] = await Promise.all([
      mine.waitFor('alerts:snapshot', { timeoutMs: 10_000 }),
      theirs.waitFor('alerts:snapshot', { timeoutMs: 10_000 }),
    ]);
    expect(mySnapshot.alerts.map((alert) => alert.id)).not.toContain(victim.id);
    expect(mySnapshot.total).toBe(theirSnapshot.total - 1);
    expect(theirSnapshot.alerts.map((alert) => alert.id)).toContain(victim.id);
    // Still a whole page: the next alert moves up.
    expect(mySnapshot.alerts).toHaveLength(alertsPageSize);
    mine.close();
    theirs.close();
  });
});

describe('one snapshot for many sockets', () => {
  it('gives 200 sockets of one profile the same snapshot, and a rating published meanwhile exactly once', async () => {
    const client = await signedIn(demoUser);
    const sockets: TestSocket[] = [];
    const connecting = Array.from({ length: 200 }, async () => {
      const socket = new TestSocket(t.baseUrl, { as: client });
      sockets.push(socket);
      await socket.connect(30_000);
      return socket;
    });
    // A rating arrives while the sockets join.
    const adminClient = await signedIn(admin);
    const published = await adminClient.post('/api/sim/ratings', {
      symbol: 'AAPL',
      rating: 'buy',
      price_target: 400,
    });
    expect(published.status).toBe(200);
    const ratingId = (published.body as { id: string }).id;
    await Promise.all(connecting);
    await t.app.alerts.evaluate();

    const hasRating = (alert: Alert) => alert.rating_id === ratingId && alert.type === 1014;
    const snapshots = await Promise.all(
      sockets.map((socket) => socket.waitFor('alerts:snapshot', { timeoutMs: 30_000 })),
    );
    // Each socket ends up with the rating once: in its snapshot, or pushed after it (a push before the
    // snapshot is superseded by it, as the client reads them).
    await Promise.all(
      sockets.map(async (socket, index) => {
        const snapshot = snapshots[index]!;
        const inSnapshot = snapshot.alerts.filter(hasRating).length;
        const snapshotAt = socket.log.findIndex((entry) => entry.event === 'alerts:snapshot');
        if (inSnapshot === 0)
          await socket.waitFor('alert:new', { since: snapshotAt, where: hasRating, timeoutMs: 10_000 });
        const pushedAfter = socket.received('alert:new', snapshotAt).filter(hasRating).length;
        expect(inSnapshot + pushedAfter).toBe(1);
      }),
    );
    // The same page for every socket that was sent the newest list.
    const newest = snapshots.filter((snapshot) => snapshot.alerts.some(hasRating));
    for (const snapshot of newest) expect(snapshot).toEqual(newest[0]);
    for (const socket of sockets) socket.close();
  }, 120_000);
});

describe('readiness', () => {
  it('answers 503 with the progress while a first backfill runs, and 200 after it', async () => {
    // No market template: the first backfill runs from an empty database.
    const fresh = await startTestApp({ DEMO_SEED: '1' });
    const backfill = fresh.app.ingestor.start();
    backfill.catch(() => {});
    try {
      const seen: { status: number; body: { phase: string; done: number; total: number } }[] = [];
      const http = new HttpClient(fresh.baseUrl);
      // A first backfill of five years takes a minute or more on a busy machine.
      const deadline = Date.now() + 400_000;
      while (Date.now() < deadline) {
        const response = await http.get(readyApi);
        seen.push(response as (typeof seen)[number]);
        if (response.status === 200) break;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const waiting = seen.filter((answer) => answer.status === 503);
      expect(waiting.length).toBeGreaterThan(0);
      // Units of progress: the market data's steps weighed by their share of the time, and the alerts'.
      expect(waiting[0]!.body).toMatchObject({ phase: expect.any(String), total: 100 });
      expect(waiting[0]!.body.done).toBeLessThan(100);
      for (const { body } of waiting) {
        expect(Number.isInteger(body.done) && Number.isInteger(body.total)).toBe(true);
        expect(body.done).toBeGreaterThanOrEqual(0);
        expect(body.done).toBeLessThanOrEqual(body.total);
      }
      // The percentage never goes back, and the bars (most of the time) move it as their batches are
      // stored, not all at once at their end.
      const percents = seen.map(({ body }) => body.done / body.total);
      percents.forEach((percent, i) => expect(percent).toBeGreaterThanOrEqual(percents[i - 1] ?? 0));
      const duringBars = new Set(
        waiting.filter(({ body }) => body.phase === 'bars').map(({ body }) => body.done),
      );
      expect(duringBars.size).toBeGreaterThanOrEqual(3);
      expect(seen.at(-1)!.status).toBe(200);
      // Ready: every step done (the gateway runs with INGEST off and its ingestor started by hand, so
      // the count of steps after is the configuration's, not the backfill's).
      const last = seen.at(-1)!.body;
      expect(last).toMatchObject({ ready: true });
      expect(last.done).toBe(last.total);
      // Liveness stays 200 all along.
      expect((await http.get('/api/health')).status).toBe(200);
      await backfill;
    } finally {
      await fresh.close();
    }
  }, 480_000);
});
