import { accountApi, throttleApi, throttleMessages, type ThrottledList } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, loginBody } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { ConfigError, loadConfig } from '../config';

/**
 * Throttling behind one proxy (TRUST_PROXY=1, as docker-compose sets it behind nginx): the test is
 * the proxy, so the client address is the right-most X-Forwarded-For entry, the one the proxy saw.
 * The default rules: 5 failures per account and address, 20 per address, 10 per account from all
 * addresses before growing delays (at most 60 s), a 15-minute window.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ TRUST_PROXY: '1' });
});
afterAll(async () => t.close());

let nextAddress = 0;
/** A fresh client address, as the proxy would see it. */
const newAddress = () => `198.51.100.${++nextAddress}`;

/** A browser behind the proxy at `address`; `forged` is what the browser itself put in X-Forwarded-For. */
function browser(address: string) {
  const client = new HttpClient(t.baseUrl);
  return {
    client,
    address,
    login(email: string, password: string, forged?: string) {
      return client.post(accountApi.login, loginBody(email, password), {
        'x-forwarded-for': forged ? `${forged}, ${address}` : address,
      });
    },
    get(path: string) {
      return client.get(path, { 'x-forwarded-for': address });
    },
    post(path: string, body: unknown) {
      return client.post(path, body, { 'x-forwarded-for': address });
    },
  };
}

const wrong = 'Wrong1234';

/** `failures` wrong passwords for one account, each from another address: 10 over HTTP, the rest recorded. */
async function spreadAttack(email: string, failures: number) {
  for (let i = 0; i < Math.min(10, failures); i++)
    expect((await browser(newAddress()).login(email, wrong)).status).toBe(401);
  for (let i = 10; i < failures; i++) await t.app.accounts.throttle.recordFailure(email, newAddress());
}

describe('failed sign-ins are throttled per account and address, per address, and per account', () => {
  it('per account and address: after 5 failures that pair waits, saying how long; another address signs in', async () => {
    const user = await createUser(t.app);
    const attacker = browser(newAddress());
    for (let i = 0; i < 5; i++) expect((await attacker.login(user.email, wrong)).status).toBe(401);
    const blocked = await attacker.login(user.email, user.password);
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe(throttleMessages.accountAndAddress(15 * 60));
    expect(blocked.body.msg).toMatch(/Please try again in 15 minutes\.$/);

    // The owner, elsewhere, is not locked out by someone else's failures.
    const owner = browser(newAddress());
    expect((await owner.login(user.email, user.password)).status).toBe(200);
  });

  it('a success clears the failures of that account from that address', async () => {
    const user = await createUser(t.app);
    const owner = browser(newAddress());
    for (let i = 0; i < 4; i++) expect((await owner.login(user.email, wrong)).status).toBe(401);
    expect((await owner.login(user.email, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await owner.login(user.email, wrong)).status).toBe(401);
    expect((await owner.login(user.email, user.password)).status).toBe(200);
  });

  it('per address: 20 failures over many accounts stop that address, whatever X-Forwarded-For the client forges', async () => {
    const attacker = browser(newAddress());
    for (let i = 0; i < 20; i++) {
      // Each try claims another origin in the part of X-Forwarded-For the client writes.
      const answer = await attacker.login(`nobody${i}@example.test`, wrong, `203.0.113.${i + 1}`);
      expect(answer.status).toBe(401);
    }
    const victim = await createUser(t.app);
    const blocked = await attacker.login(victim.email, victim.password, '203.0.113.200');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe(throttleMessages.address(15 * 60));

    // Everybody else behind the same proxy still signs in.
    expect((await browser(newAddress()).login(victim.email, victim.password)).status).toBe(200);
  });

  it('per account and address with a forged X-Forwarded-For: the address is the one the proxy saw', async () => {
    const user = await createUser(t.app);
    const attacker = browser(newAddress());
    for (let i = 0; i < 5; i++)
      expect((await attacker.login(user.email, wrong, `192.0.2.${i + 1}`)).status).toBe(401);
    const blocked = await attacker.login(user.email, user.password, '192.0.2.99');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toBe(throttleMessages.accountAndAddress(15 * 60));
  });

  it('per account from every address: growing delays, and a browser that signed in before is never held', async () => {
    const user = await createUser(t.app);
    const known = browser(newAddress());
    expect((await known.login(user.email, user.password)).status).toBe(200);
    expect(known.client.cookies.get('insight_device')).toBeTruthy();
    expect(known.client.setCookieHeaders.get('insight_device')).toMatch(/HttpOnly/i);

    // A spread attack: 16 failures, each from another address (no per-pair or per-address limit met).
    // The first 10 over HTTP; the next ones would each have to wait out a delay (1 s, 2 s, ... 32 s),
    // so they are recorded as the sign-in route records them, as if the attacker had waited.
    await spreadAttack(user.email, 16);
    // A new browser, even with the right password, waits (16 failures: 64 s, capped at 60 s) ...
    const stranger = await browser(newAddress()).login(user.email, user.password);
    expect(stranger.status).toBe(429);
    expect(stranger.body.msg).toMatch(
      /^Too many failed sign-in attempts for this account\. Please try again in/,
    );
    expect(stranger.body.msg).toMatch(/in (5\d seconds|60 seconds|1 minute)\.$/);

    // ... but the browser that signed in before, from a new address too, is not held by that count.
    known.address = newAddress();
    const again = await known.client.post(accountApi.login, loginBody(user.email, user.password), {
      'x-forwarded-for': known.address,
    });
    expect(again.status).toBe(200);

    // A forged or another account's device cookie does not count.
    const other = await createUser(t.app);
    const otherBrowser = browser(newAddress());
    expect((await otherBrowser.login(other.email, other.password)).status).toBe(200);
    const forged = browser(newAddress());
    forged.client.cookies.set('insight_device', otherBrowser.client.cookies.get('insight_device')!);
    expect((await forged.login(user.email, user.password)).status).toBe(429);
    forged.client.cookies.set('insight_device', 'lzz1.bm9uY2U.c2lnbmF0dXJlc2lnbmF0dXJlc2lnbmF0dXJlMTI');
    expect((await forged.login(user.email, user.password)).status).toBe(429);
  }, 120_000);
});

describe('admins see and clear throttled accounts', () => {
  let admin: ReturnType<typeof browser>;
  beforeAll(async () => {
    const account = await createUser(t.app, { is_admin: true });
    admin = browser(newAddress());
    expect((await admin.login(account.email, account.password)).status).toBe(200);
  });

  it('lists an account with failures and how long a new browser waits; clearing it lets the owner in', async () => {
    const user = await createUser(t.app);
    await spreadAttack(user.email, 12);
    const listed = await admin.get(throttleApi.list);
    expect(listed.status).toBe(200);
    const body = listed.body as ThrottledList;
    expect(body.rules).toEqual({
      per_account_and_address: 5,
      per_address: 20,
      per_account_before_delays: 10,
      window_minutes: 15,
      max_delay_seconds: 60,
    });
    const entry = body.data.find((row) => row.account === user.email);
    expect(entry).toMatchObject({ failures: 12, addresses: 12 });
    // 12 failures: 4 s after the latest.
    expect(entry!.wait_seconds).toBeGreaterThanOrEqual(1);
    expect(entry!.wait_seconds).toBeLessThanOrEqual(4);

    const cleared = await admin.post(throttleApi.clear, { account: user.email.toUpperCase() });
    expect(cleared.status).toBe(200);
    expect(cleared.body.msg).toBe(throttleMessages.cleared(user.email));
    const after = (await admin.get(throttleApi.list)).body as ThrottledList;
    expect(after.data.find((row) => row.account === user.email)).toBeUndefined();
    // At once, from a browser that never signed in.
    expect((await browser(newAddress()).login(user.email, user.password)).status).toBe(200);

    const nothing = await admin.post(throttleApi.clear, { account: user.email });
    expect(nothing.status).toBe(400);
    expect(nothing.body.msg).toBe(throttleMessages.nothingToClear);
  }, 120_000);

  it('only system admins may', async () => {
    const user = await createUser(t.app);
    const plain = browser(newAddress());
    expect((await plain.login(user.email, user.password)).status).toBe(200);
    expect((await plain.get(throttleApi.list)).status).toBe(403);
    expect((await plain.post(throttleApi.clear, { account: user.email })).status).toBe(403);
    expect((await browser(newAddress()).get(throttleApi.list)).status).toBe(401);
  });
});

describe('TRUST_PROXY', () => {
  it('takes a hop count or a list of proxy addresses and CIDRs, in Fastify’s forms', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1,::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(loadConfig({ TRUST_PROXY: 'loopback' }).trustProxy).toEqual(['loopback']);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/40' })).toThrow(ConfigError);
  });
});
