import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { ThrottledAccount } from '@insight/shared';
import { throttleMessages } from '@insight/shared';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { tooManyRequests } from '../platform/errors';

/**
 * Sign-in throttling that an attacker can neither slip past nor turn against a user (issue 14 §2).
 * Failures are stored in login_attempts (account key, address, time) and counted three ways, in the
 * window (LOGIN_THROTTLE_MINUTES):
 *
 * 1. one account from one address: after `perAccountAndAddress` failures that pair waits out the window;
 * 2. one address, whatever the accounts: after `perAddress` failures the address waits out the window;
 * 3. one account from every address: after `perAccountBeforeDelay` failures each further try waits
 *    1 s, 2 s, 4 s … (at most `maxDelayMs`) after the latest failure: a delay, never a lock-out. A
 *    browser that signed in to that account before (a signed device cookie, OWASP's device-cookie
 *    recommendation) is never held by this count, so an attacker cannot keep the owner out.
 *
 * A refused try is not counted (it was not tried). A success clears the failures of that account
 * from that address; an admin can clear all of an account's.
 */

export const deviceCookieName = 'insight_device';
/** How many accounts one browser's device cookie remembers (the newest first). */
const devicesPerCookie = 5;
const deviceLifetimeMs = 365 * 86_400_000;

type ThrottleConfig = Config['loginThrottle'];

// The table is this module's alone, so its type stays here rather than in the shared schema.
type SecretsTables = { server_secrets: { name: string; value: string } };

export interface AttemptOrigin {
  address: string;
  /** The device cookie the browser sent, if any. */
  deviceCookie?: string | undefined;
}

export class SignInThrottle {
  private key: Promise<Buffer> | null = null;

  constructor(
    private readonly db: Db,
    private readonly config: ThrottleConfig,
  ) {}

  /** Refuses with 429, saying how long to wait, while any of the three counts holds this try. */
  async check(account: string, origin: AttemptOrigin): Promise<void> {
    const { perAccountAndAddress, perAddress, perAccountBeforeDelay, windowMs } = this.config;
    const now = Date.now();
    const since = new Date(now - windowMs);
    // Failures older than the window count for nothing; dropping them keeps the table small.
    await this.db.deleteFrom('login_attempts').where('at', '<', since).execute();

    const pair = await this.count(since, { account, address: origin.address });
    if (pair.count >= perAccountAndAddress)
      throw tooManyRequests(throttleMessages.accountAndAddress(secondsUntil(pair.oldest, windowMs, now)));

    const byAddress = await this.count(since, { address: origin.address, includeCleared: true });
    if (byAddress.count >= perAddress)
      throw tooManyRequests(throttleMessages.address(secondsUntil(byAddress.oldest, windowMs, now)));

    const byAccount = await this.count(since, { account });
    if (byAccount.count >= perAccountBeforeDelay && !(await this.knownDevice(origin.deviceCookie, account))) {
      const waitMs = (byAccount.latest?.getTime() ?? now) + this.delayMs(byAccount.count) - now;
      if (waitMs > 0) throw tooManyRequests(throttleMessages.account(waitMs / 1000));
    }
  }

  async recordFailure(account: string, address: string) {
    await this.db
      .insertInto('login_attempts')
      .values({ account_key: account, address, at: new Date() })
      .execute();
  }

  /** The owner got in from this address: that pair's failures no longer count for the account. */
  async recordSuccess(account: string, address: string) {
    await this.db
      .updateTable('login_attempts')
      .set({ cleared: true })
      .where('account_key', '=', account)
      .where('address', '=', address)
      .execute();
  }

  /** The delay before the next try once an account has `failures` from all addresses. */
  private delayMs(failures: number) {
    const { perAccountBeforeDelay, maxDelayMs } = this.config;
    if (failures < perAccountBeforeDelay) return 0;
    return Math.min(maxDelayMs, 1000 * 2 ** Math.min(30, failures - perAccountBeforeDelay));
  }

  private async count(
    since: Date,
    where: { account?: string; address?: string; includeCleared?: boolean },
  ): Promise<{ count: number; oldest: Date | null; latest: Date | null }> {
    const row = await this.db
      .selectFrom('login_attempts')
      .select((eb) => [
        eb.fn.countAll<string>().as('count'),
        eb.fn.min('at').as('oldest'),
        eb.fn.max('at').as('latest'),
      ])
      .where('at', '>', since)
      .$if(where.account !== undefined, (q) => q.where('account_key', '=', where.account!))
      .$if(where.address !== undefined, (q) => q.where('address', '=', where.address!))
      .$if(!where.includeCleared, (q) => q.where('cleared', '=', false))
      .executeTakeFirstOrThrow();
    const date = (value: unknown) => (value === null || value === undefined ? null : new Date(value as Date));
    return { count: Number(row.count), oldest: date(row.oldest), latest: date(row.latest) };
  }

  // ---- device cookies ----

  private signingKey(): Promise<Buffer> {
    this.key ??= this.db
      .withTables<SecretsTables>()
      .selectFrom('server_secrets')
      .select('value')
      .where('name', '=', 'device_cookie')
      .executeTakeFirstOrThrow()
      .then((row) => Buffer.from(row.value, 'base64url'))
      .catch((error: unknown) => {
        this.key = null;
        throw error;
      });
    return this.key;
  }

  private async sign(account: string, issued: string, nonce: string) {
    return createHmac('sha256', await this.signingKey())
      .update(`device|${account}|${issued}|${nonce}`)
      .digest('base64url')
      .slice(0, 32);
  }

  /** Whether the cookie holds an unexpired entry signed for this account. */
  async knownDevice(cookie: string | undefined, account: string): Promise<boolean> {
    if (!cookie) return false;
    for (const entry of cookie.split('~').slice(0, devicesPerCookie)) {
      const [issued, nonce, signature] = entry.split('.');
      if (!issued || !nonce || !signature) continue;
      const issuedAt = Number.parseInt(issued, 36);
      if (!Number.isFinite(issuedAt) || Date.now() - issuedAt > deviceLifetimeMs) continue;
      const expected = Buffer.from(await this.sign(account, issued, nonce));
      const given = Buffer.from(signature);
      if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
    }
    return false;
  }

  /**
   * The device cookie to set after a sign-in: a new entry for this account first, then the other
   * accounts' entries the browser had (at most five). The entry names no account; only the server
   * can tell which account it was signed for.
   */
  async deviceCookieAfterSignIn(previous: string | undefined, account: string): Promise<string> {
    const issued = Date.now().toString(36);
    const nonce = randomBytes(12).toString('base64url');
    const fresh = `${issued}.${nonce}.${await this.sign(account, issued, nonce)}`;
    const kept: string[] = [];
    for (const entry of previous?.split('~').slice(0, devicesPerCookie) ?? []) {
      if (!/^[0-9a-z]+\.[\w-]+\.[\w-]+$/.test(entry)) continue;
      // This account's older entry gives way to the fresh one.
      if (await this.knownDevice(entry, account)) continue;
      kept.push(entry);
    }
    return [fresh, ...kept].slice(0, devicesPerCookie).join('~');
  }

  static readonly deviceCookieMaxAgeSeconds = deviceLifetimeMs / 1000;

  // ---- for admins ----

  rules() {
    const c = this.config;
    return {
      per_account_and_address: c.perAccountAndAddress,
      per_address: c.perAddress,
      per_account_before_delays: c.perAccountBeforeDelay,
      window_minutes: Math.round(c.windowMs / 60_000),
      max_delay_seconds: Math.round(c.maxDelayMs / 1000),
    };
  }

  /** Accounts with failures in the window, the most failures first, and how long a new browser waits. */
  async throttledAccounts(): Promise<ThrottledAccount[]> {
    const { windowMs, perAccountAndAddress } = this.config;
    const now = Date.now();
    const since = new Date(now - windowMs);
    const rows = await this.db
      .selectFrom('login_attempts')
      .select(['account_key', 'address', 'at'])
      .where('at', '>', since)
      .where('cleared', '=', false)
      // Remember-me token and app-id tries are counted by address only: not accounts.
      .where('account_key', 'not like', 'token:%')
      .where('account_key', 'not like', 'app:%')
      .orderBy('at', 'desc')
      .limit(20_000)
      .execute();
    const byAccount = new Map<string, { at: Date[]; byAddress: Map<string, Date[]> }>();
    for (const row of rows) {
      const at = new Date(row.at);
      const entry = byAccount.get(row.account_key) ?? { at: [], byAddress: new Map<string, Date[]>() };
      entry.at.push(at);
      entry.byAddress.set(row.address, [...(entry.byAddress.get(row.address) ?? []), at]);
      byAccount.set(row.account_key, entry);
    }
    return [...byAccount.entries()]
      .map(([account, { at, byAddress }]) => {
        const latest = Math.max(...at.map((date) => date.getTime()));
        let waitMs = Math.max(0, latest + this.delayMs(at.length) - now);
        // A pair that reached its limit waits out the window from its oldest failure.
        for (const dates of byAddress.values()) {
          if (dates.length >= perAccountAndAddress) {
            const oldest = Math.min(...dates.map((date) => date.getTime()));
            waitMs = Math.max(waitMs, oldest + windowMs - now);
          }
        }
        return {
          account,
          failures: at.length,
          addresses: byAddress.size,
          last_failure_at: new Date(latest).toISOString(),
          wait_seconds: Math.ceil(waitMs / 1000),
        };
      })
      .sort((a, b) => b.failures - a.failures || a.account.localeCompare(b.account));
  }

  /** An admin clears an account: none of its failures count any more. Returns how many were cleared. */
  async clear(account: string): Promise<number> {
    const result = await this.db
      .updateTable('login_attempts')
      .set({ cleared: true })
      .where('account_key', '=', account)
      .where('cleared', '=', false)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

function secondsUntil(oldest: Date | null, windowMs: number, now: number) {
  return Math.max(1, ((oldest?.getTime() ?? now) + windowMs - now) / 1000);
}
