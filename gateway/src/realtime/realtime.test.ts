import type { Alert } from '@insight/shared';
import { accountApi, demoAccounts, maxQuoteSubscriptions, rooms } from '@insight/shared';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket, type SocketOptions, type TestSocket } from '../../test/socket';
import { sessionCookieName } from '../platform/session';
import { hashSecret } from '../platform/tokens';

let t: TestApp;
let defaultProfile: number;
/** Left connected on purpose: closing the app must not wait for its sockets. */
let lingering: TestSocket;
const open: TestSocket[] = [];

const demo = (role: (typeof demoAccounts)[number]['role']) =>
  demoAccounts.find((account) => account.role === role)!;

async function signedIn(user: { email: string; password: string }) {
  const client = new HttpClient(t.baseUrl);
  await signIn(client, user);
  return client;
}

async function socketOf(options: SocketOptions, baseUrl = t.baseUrl) {
  const socket = await connectSocket(baseUrl, options);
  open.push(socket);
  return socket;
}

let alertIds = 0;
function anAlert(overrides: Partial<Alert> = {}): Alert {
  alertIds += 1;
  return {
    id: alertIds,
    type: 1014,
    rating: 'buy',
    symbol: 'AAPL',
    time: Math.floor(Date.now() / 1000),
    analyst_name: 'Ann Analyst',
    success_rate: 61.5,
    price_target: 250,
    sector_name: 'Information Technology',
    company_name_2: 'Apple Inc.',
    rate: 6,
    earning_date: null,
    market_cap: 3.4e12,
    mc_index: 1,
    beta: 1.2,
    upside: 12.5,
    pe_ratio_12m: 31,
    universes: [],
    rating_id: null,
    firm: 'Firm',
    price_when_posted: 170,
    last_price: 222.2,
    ...overrides,
  };
}

/** A non-admin user watching an investment profile of their own (not Default). */
async function userOnOwnProfile(name: string) {
  const user = await createUser(t.app);
  const profile = await t.app.db
    .insertInto('profiles')
    .values({ name, owner_user_id: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.db
    .updateTable('users')
    .set({ current_profile_id: profile.id })
    .where('id', '=', user.id)
    .execute();
  return { ...user, profileId: profile.id };
}

beforeAll(async () => {
  t = await startTestApp({ SIM_CONTROL: '1', DEMO_SEED: '1' });
  // Reference data and quotes, without the whole history: the sim control ingests what it touches.
  await t.app.ingestor.run('status');
  await t.app.ingestor.run('quotes');
  const row = await t.app.db
    .selectFrom('profiles')
    .select('id')
    .where('name', '=', 'Default')
    .executeTakeFirstOrThrow();
  defaultProfile = row.id;
  lingering = await connectSocket(t.baseUrl, { as: await signedIn(demo('user')) });
}, 120_000);

afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});

/**
 * pg's pool.end() resolves before its connections have closed, and the test database is then dropped
 * WITH (FORCE): a connection still closing gets a FATAL that surfaces as an unhandled error. This file
 * opens many connections, so it waits for them to go first (to be fixed in test/app.ts).
 */
async function untilDisconnected(databaseUrl: string | undefined) {
  if (!databaseUrl || !process.env.DATABASE_URL) return;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  try {
    const name = new URL(databaseUrl).pathname.slice(1);
    for (let i = 0; i < 40; i++) {
      const { rows } = await admin.query<{ n: number }>(
        'select count(*)::int as n from pg_stat_activity where datname = $1',
        [name],
      );
      if (rows[0]!.n === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await admin.end();
  }
}

afterAll(async () => {
  if (!t) return;
  const gone = lingering.disconnected(5000);
  await t.app.close();
  expect(await gone).toBe('transport close');
  lingering.close();
  await untilDisconnected(t.config.databaseUrl);
  await t.close();
});

describe('who may connect', () => {
  it('refuses an anonymous socket', async () => {
    await expect(connectSocket(t.baseUrl)).rejects.toThrow('unauthorized');
  });

  it('refuses a cookie that is no live session', async () => {
    const stale = new HttpClient(t.baseUrl);
    stale.cookies.set(sessionCookieName, 'not-a-session');
    await expect(connectSocket(t.baseUrl, { as: stale })).rejects.toThrow('unauthorized');
  });

  it("refuses a page of another site, even with the user's cookie", async () => {
    const user = await signedIn(demo('user'));
    await expect(connectSocket(t.baseUrl, { as: user, origin: 'https://evil.example' })).rejects.toThrow(
      'forbidden origin',
    );
    await expect(connectSocket(t.baseUrl, { as: user, origin: 'null' })).rejects.toThrow('forbidden origin');
  });

  it('admits a page of its own host or of PUBLIC_URL, and a client that sends no Origin', async () => {
    const user = await signedIn(demo('user'));
    expect((await socketOf({ as: user, origin: t.baseUrl })).socket.connected).toBe(true);
    expect((await socketOf({ as: user, origin: t.config.publicUrl })).socket.connected).toBe(true);
    expect((await socketOf({ as: user })).socket.connected).toBe(true);
  });

  it('ends the sockets of a session when it ends, and refuses its cookie afterwards', async () => {
    const client = await signedIn(demo('user'));
    const socket = await socketOf({ as: client });
    const other = await socketOf({ as: await signedIn(demo('user')) });
    const secret = client.cookies.get(sessionCookieName)!;
    const session = await t.app.db
      .selectFrom('sessions')
      .select('id')
      .where('token_hash', '=', hashSecret(secret))
      .executeTakeFirstOrThrow();
    const gone = socket.disconnected();
    await client.post(accountApi.logout);
    // The logout route makes this call itself (accounts/routes.ts); calling it again changes nothing.
    t.app.realtime.disconnectSession(session.id);
    expect(await gone).toBe('io server disconnect');
    expect(other.socket.connected).toBe(true);
    const stale = new HttpClient(t.baseUrl);
    stale.cookies.set(sessionCookieName, secret);
    await expect(connectSocket(t.baseUrl, { as: stale })).rejects.toThrow('unauthorized');
  });
});

describe('market status', () => {
  it('arrives on connect, and again within a second of each change', async () => {
    const admin = await signedIn(demo('admin'));
    await admin.post('/api/sim/market', { open: false });
    const socket = await socketOf({ as: admin });
    expect(await socket.waitFor('market:status')).toMatchObject({ open: false });

    let since = socket.mark();
    expect((await admin.post('/api/sim/market', { open: true })).status).toBe(200);
    const opened = await socket.waitFor('market:status', { since, timeoutMs: 1000 });
    expect(opened.open).toBe(true);
    expect(Date.parse(opened.at)).toBeGreaterThan(Date.now() - 5000);

    since = socket.mark();
    await admin.post('/api/sim/market', { open: false });
    expect(await socket.waitFor('market:status', { since, timeoutMs: 1000 })).toMatchObject({ open: false });
  });
});

describe('rooms by investment profile', () => {
  it("reaches every socket of the profile and none of another profile's", async () => {
    const alice = await createUser(t.app);
    const aliceClient = await signedIn(alice);
    const aliceTab1 = await socketOf({ as: aliceClient });
    const aliceTab2 = await socketOf({ as: aliceClient });
    const bob = await userOnOwnProfile('Growth (bob)');
    const bobSocket = await socketOf({ as: await signedIn(bob) });

    const toDefault = anAlert();
    t.app.realtime.publish(rooms.profile(defaultProfile), 'alert:new', toDefault);
    const toGrowth = anAlert({ symbol: 'MSFT' });
    t.app.realtime.publish(rooms.profile(bob.profileId), 'alert:new', toGrowth);

    expect(await aliceTab1.waitFor('alert:new')).toEqual(toDefault);
    expect(await aliceTab2.waitFor('alert:new')).toEqual(toDefault);
    // Bob's own alert came after the Default one was sent: had that reached him, it would be first.
    expect(await bobSocket.waitFor('alert:new')).toEqual(toGrowth);
    expect(bobSocket.received('alert:new')).toEqual([toGrowth]);
    await aliceTab1.waitFor('alert:new', { where: () => false, timeoutMs: 200 }).catch(() => {});
    expect(aliceTab1.received('alert:new')).toEqual([toDefault]);
  });

  it('sends the alerts snapshot of the profile on join, from the provider the alerts feature sets', async () => {
    const bob = await userOnOwnProfile('Snapshot (bob)');
    const client = await signedIn(bob);
    const empty = { alerts: [], total: 0, has_more: false, cursor: null };
    expect(await (await socketOf({ as: client })).waitFor('alerts:snapshot')).toEqual({
      profileId: bob.profileId,
      ...empty,
    });

    const stored = anAlert();
    const page = { alerts: [stored], total: 1, has_more: false, cursor: null };
    t.app.realtime.setAlertsSnapshotProvider(
      async (profileId) => () => (profileId === bob.profileId ? page : empty),
    );
    try {
      expect(await (await socketOf({ as: client })).waitFor('alerts:snapshot')).toEqual({
        profileId: bob.profileId,
        ...page,
      });
    } finally {
      t.app.realtime.setAlertsSnapshotProvider(async () => () => empty);
    }
  });

  it('joins the app room of the mobile web view', async () => {
    const socket = await socketOf({ as: await signedIn(demo('user')), app: 'insight' });
    const plain = await socketOf({ as: await signedIn(demo('user')) });
    t.app.realtime.publish(rooms.app('insight'), 'alert:removed', { id: 7 });
    t.app.realtime.publish(plain.socket.id!, 'alert:removed', { id: 8 });
    expect(await socket.waitFor('alert:removed')).toEqual({ id: 7 });
    expect(await plain.waitFor('alert:removed')).toEqual({ id: 8 });
    expect(plain.received('alert:removed')).toEqual([{ id: 8 }]);
  });
});

describe('quotes', () => {
  it('pushes a new price to the sockets that follow the symbol, within a second, and to no other', async () => {
    const admin = await signedIn(demo('admin'));
    const apple = await socketOf({ as: await signedIn(demo('user')) });
    const microsoft = await socketOf({ as: await signedIn(demo('user')) });
    expect(await apple.command('quotes:subscribe', ['aapl'])).toEqual({ ok: true, data: { subscribed: 1 } });
    expect(await microsoft.command('quotes:subscribe', ['MSFT'])).toEqual({
      ok: true,
      data: { subscribed: 1 },
    });
    // The current quote comes at once, so the client need not ask for it.
    expect(Object.keys(await apple.waitFor('quotes'))).toEqual(['AAPL']);

    const appleSince = apple.mark();
    const microsoftSince = microsoft.mark();
    expect((await admin.post('/api/sim/quotes', { symbol: 'AAPL', lastPrice: 123.45 })).status).toBe(200);
    const pushed = await apple.waitFor('quotes', {
      since: appleSince,
      where: (quotes) => quotes.AAPL !== undefined && Math.abs(quotes.AAPL.lastPrice - 123.45) < 0.01,
      timeoutMs: 1000,
    });
    expect(Object.keys(pushed)).toEqual(['AAPL']);
    expect(typeof pushed.AAPL!.dailyChange).toBe('number');

    // Everything of that cycle was sent before this sentinel.
    t.app.realtime.publish(microsoft.socket.id!, 'alert:removed', { id: 1 });
    await microsoft.waitFor('alert:removed', { since: microsoftSince });
    for (const quotes of microsoft.received('quotes', microsoftSince))
      expect(Object.keys(quotes)).toEqual(['MSFT']);
  });

  it('sends one event per cycle holding all the followed symbols that moved', async () => {
    const admin = await signedIn(demo('admin'));
    const socket = await socketOf({ as: await signedIn(demo('user')) });
    await socket.command('quotes:subscribe', ['AAPL', 'MSFT', 'NVDA']);
    await socket.waitFor('quotes');
    await admin.post('/api/sim/quotes', { symbol: 'MSFT', lastPrice: 401.5 });
    const since = socket.mark();
    await admin.post('/api/sim/quotes', { symbol: 'NVDA', lastPrice: 99.5 });
    const pushed = await socket.waitFor('quotes', { since, where: (quotes) => quotes.NVDA !== undefined });
    // The cycle that stored NVDA's price stored all the other quotes too, in several chunks.
    expect(socket.received('quotes', since)).toHaveLength(1);
    expect(pushed.NVDA!.lastPrice).toBeCloseTo(99.5, 2);
  });

  it('validates the symbol lists and answers with the Ack envelope', async () => {
    const socket = await socketOf({ as: await signedIn(demo('user')) });
    expect(await socket.command('quotes:subscribe', ['AAPL', 'msft', 'AAPL'])).toEqual({
      ok: true,
      data: { subscribed: 2 },
    });
    expect(await socket.command('quotes:subscribe', ['not a ticker'])).toMatchObject({ ok: false });
    expect(await socket.command('quotes:subscribe', 'AAPL' as unknown as string[])).toMatchObject({
      ok: false,
    });
    const tooMany = Array.from({ length: maxQuoteSubscriptions + 1 }, (_, i) => `T${i}`);
    expect(await socket.command('quotes:subscribe', tooMany)).toEqual({
      ok: false,
      error: `at most ${maxQuoteSubscriptions} symbols at a time`,
    });
    const fill = Array.from({ length: maxQuoteSubscriptions - 1 }, (_, i) => `T${i}`);
    expect(await socket.command('quotes:subscribe', fill)).toEqual({
      ok: false,
      error: `at most ${maxQuoteSubscriptions} symbols per connection`,
    });
    expect(await socket.command('quotes:unsubscribe', ['AAPL'])).toEqual({
      ok: true,
      data: { subscribed: 1 },
    });
    expect(await socket.command('quotes:unsubscribe', ['MSFT', 'IBM'])).toEqual({
      ok: true,
      data: { subscribed: 0 },
    });
  });
});

describe('profile switch', () => {
  it('is refused to a non-admin', async () => {
    const socket = await socketOf({ as: await signedIn(demo('user')) });
    await socket.waitFor('alerts:snapshot');
    const since = socket.mark();
    expect(await socket.command('profile:switch', defaultProfile)).toEqual({
      ok: false,
      error: 'You do not have permission to do this.',
    });
    expect(socket.received('alerts:snapshot', since)).toEqual([]);
  });

  it("moves an admin's socket to the other profile's room, with a fresh snapshot", async () => {
    const bob = await userOnOwnProfile('Switch target (bob)');
    const socket = await socketOf({ as: await signedIn(demo('admin')) });
    expect(await socket.waitFor('alerts:snapshot')).toMatchObject({ profileId: defaultProfile });

    expect(await socket.command('profile:switch', 999_999)).toEqual({
      ok: false,
      error: 'No such investment profile',
    });
    expect(await socket.command('profile:switch', 'x' as unknown as number)).toMatchObject({ ok: false });

    const since = socket.mark();
    expect(await socket.command('profile:switch', bob.profileId)).toEqual({
      ok: true,
      data: { profileId: bob.profileId },
    });
    expect(await socket.waitFor('alerts:snapshot', { since })).toEqual({
      profileId: bob.profileId,
      alerts: [],
      total: 0,
      has_more: false,
      cursor: null,
    });

    const missed = anAlert();
    const meant = anAlert();
    t.app.realtime.publish(rooms.profile(defaultProfile), 'alert:new', missed);
    t.app.realtime.publish(rooms.profile(bob.profileId), 'alert:new', meant);
    expect(await socket.waitFor('alert:new', { since })).toEqual(meant);
  });

  it('rechecks the role from the session: an admin demoted since connecting is refused', async () => {
    const admin = await createUser(t.app, { is_admin: true });
    const socket = await socketOf({ as: await signedIn(admin) });
    await t.app.db.updateTable('users').set({ is_admin: false }).where('id', '=', admin.id).execute();
    expect(await socket.command('profile:switch', defaultProfile)).toMatchObject({ ok: false });
  });
});

describe('connection state recovery', () => {
  it('delivers what was published while the transport was down, and says the socket recovered', async () => {
    const user = await createUser(t.app);
    const socket = await socketOf({ as: await signedIn(user) });
    // The status on connect carries the socket's first recovery offset.
    await socket.waitFor('market:status');
    await socket.waitFor('alerts:snapshot');
    expect(socket.socket.recovered).toBe(false);

    const dropped = socket.disconnected();
    socket.socket.io.engine.close();
    await dropped;
    const sent = anAlert();
    t.app.realtime.publish(rooms.user(user.id), 'alert:new', sent);

    expect(await socket.waitFor('alert:new', { timeoutMs: 3000 })).toEqual(sent);
    expect(socket.socket.connected).toBe(true);
    expect(socket.socket.recovered).toBe(true);
    // Nothing was sent again as for a new connection.
    expect(socket.received('alerts:snapshot')).toHaveLength(1);
  });
});

describe('two gateway nodes on Redis', () => {
  const shared = process.env.REDIS_URL && process.env.DATABASE_URL;
  it.skipIf(!shared)('a socket on node 2 receives what node 1 publishes', async () => {
    // Node 2 runs on node 1's database (startTestApp's DATABASE_URL wins over its fresh one).
    const node2 = await startTestApp({ DATABASE_URL: t.config.databaseUrl });
    try {
      const user = await createUser(t.app);
      const client = await signedIn(user);
      const onNode2 = await socketOf({ as: client }, node2.baseUrl);
      await onNode2.waitFor('alerts:snapshot');
      const sent = anAlert();
      t.app.realtime.publish(rooms.user(user.id), 'alert:new', sent);
      expect(await onNode2.waitFor('alert:new')).toEqual(sent);

      // Quotes ingested on node 1 reach node 2's sockets too.
      expect(await onNode2.command('quotes:subscribe', ['AAPL'])).toMatchObject({ ok: true });
      await onNode2.waitFor('quotes');
      const since = onNode2.mark();
      await (await signedIn(demo('admin'))).post('/api/sim/quotes', { symbol: 'AAPL', lastPrice: 111.11 });
      const pushed = await onNode2.waitFor('quotes', { since, where: (quotes) => quotes.AAPL !== undefined });
      expect(pushed.AAPL!.lastPrice).toBeCloseTo(111.11, 2);
    } finally {
      await node2.close();
    }
  });
  if (!shared) {
    it.skip('needs REDIS_URL and DATABASE_URL (a PostgreSQL server both nodes share)', () => {});
  }
});
