import { demoAccounts } from '@insight/shared';
import { appMessages, appsApi, notifyAllResponseSchema, type AppMessage } from '@insight/shared/apps/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { connectSocket, type SocketOptions, type TestSocket } from '../../test/socket';

/**
 * Spec 002 §2.8 Notify Users, §7.4 send_notification_all_app_users, over real sockets: a broadcast
 * reaches every socket of the app's room at once and no other, and a user who was offline gets it
 * when they next connect, once.
 */
let t: TestApp;
let admin: HttpClient;
const open: TestSocket[] = [];

beforeAll(async () => {
  t = await startTestApp({ DEMO_SEED: '1' });
  admin = new HttpClient(t.baseUrl);
  await signIn(
    admin,
    demoAccounts.find((account) => account.role === 'admin')!,
  );
}, 120_000);
afterEach(() => {
  for (const socket of open.splice(0)) socket.close();
});
afterAll(async () => t?.close());

let appIds = 0;
/** A user who signed up from an app: their app id and flavour, signed in over HTTP. */
async function appUser(flavor: string) {
  const client = new HttpClient(t.baseUrl);
  const user = await createUser(t.app, { app_id: `app-${++appIds}-${Date.now()}`, app_flavor: flavor });
  await signIn(client, user);
  return Object.assign(client, { userId: user.id });
}
async function socketOf(options: SocketOptions) {
  const socket = await connectSocket(t.baseUrl, options);
  open.push(socket);
  return socket;
}
const notify = async (app_flavor: string, msg: string) => {
  const response = await admin.post(appsApi.notifyAll, { app_flavor, msg });
  expect(response.status).toBe(200);
  return notifyAllResponseSchema.strict().parse(response.body);
};
const pendingOf = (userId: number) =>
  t.app.db
    .selectFrom('app_message_outbox')
    .selectAll()
    .where('user_id', '=', userId)
    .where('delivered_at', 'is', null)
    .execute();

describe('a broadcast to an app', () => {
  it('reaches every socket of the app room within a second, each once, and none of another app', async () => {
    const ann = await appUser('insight-ios');
    const bob = await appUser('insight-ios');
    const cat = await appUser('insight-android');
    const annPhone = await socketOf({ as: ann, app: 'insight-ios' });
    const annTablet = await socketOf({ as: ann, app: 'insight-ios' });
    const bobPhone = await socketOf({ as: bob, app: 'insight-ios' });
    const catPhone = await socketOf({ as: cat, app: 'insight-android' });
    // Ann's desktop tab is not the mobile view: it joined no app room.
    const annDesktop = await socketOf({ as: ann });
    // Cat asks for the iPhone app's room: not her app, so she joins none.
    const catPeeking = await socketOf({ as: cat, app: 'insight-ios' });

    const started = Date.now();
    const answer = await notify('insight-ios', '  Markets open early tomorrow  ');
    expect(answer).toMatchObject({ status: true, msg: appMessages.notificationsQueued, live: 2 });
    const expected = {
      id: expect.any(Number),
      app: 'insight-ios',
      msg: 'Markets open early tomorrow',
      at: expect.any(String),
    };
    const received = await Promise.all(
      [annPhone, annTablet, bobPhone].map((socket) => socket.waitFor('app:message', { timeoutMs: 1000 })),
    );
    expect(Date.now() - started).toBeLessThan(1000);
    for (const message of received) expect(message).toEqual(expected);
    expect(new Set(received.map((message) => message.id)).size).toBe(1);

    // A later broadcast to Cat's app reaches her: by then the first one would have, had it been sent.
    const android = await notify('insight-android', 'Hello Android');
    expect(await catPhone.waitFor('app:message', { timeoutMs: 1000 })).toMatchObject({
      msg: 'Hello Android',
    });
    expect(catPhone.received('app:message')).toHaveLength(1);
    expect(catPeeking.received('app:message')).toEqual([]);
    expect(annDesktop.received('app:message')).toEqual([]);
    for (const socket of [annPhone, annTablet, bobPhone])
      expect(socket.received('app:message')).toHaveLength(1);
    expect(android.live).toBe(1);

    // Delivered: a new socket of Ann's does not get it again.
    expect(await pendingOf(ann.userId)).toEqual([]);
    const annLater = await socketOf({ as: ann, app: 'insight-ios' });
    await notify('insight-ios', 'Second');
    await annLater.waitFor('app:message', { timeoutMs: 1000 });
    expect(annLater.received('app:message').map((message) => message.msg)).toEqual(['Second']);
  });

  it('is kept for a user who is offline and delivered on their next connect, once', async () => {
    const dan = await appUser('insight-ios');
    const eve = await appUser('insight-ios');
    const eveOnline = await socketOf({ as: eve, app: 'insight-ios' });

    const first = await notify('insight-ios', 'While you were away');
    const second = await notify('insight-ios', 'And this too');
    await eveOnline.waitFor('app:message', { where: (message) => message.msg === 'And this too' });
    // Dan and every other iPhone user without a socket now: queued, not live.
    expect(first.queued).toBeGreaterThanOrEqual(1);
    expect(first.live).toBe(1);
    expect(await pendingOf(dan.userId)).toHaveLength(2);

    // A desktop tab of Dan's is not the app: it takes nothing out of the outbox.
    const danDesktop = await socketOf({ as: dan });
    expect(danDesktop.socket.connected).toBe(true);
    expect(await pendingOf(dan.userId)).toHaveLength(2);

    const danPhone = await socketOf({ as: dan, app: 'insight-ios' });
    await danPhone.waitFor('app:message', { where: (message) => message.msg === 'And this too' });
    const got = danPhone.received('app:message');
    expect(got.map((message: AppMessage) => message.msg)).toEqual(['While you were away', 'And this too']);
    expect(got.every((message) => message.app === 'insight-ios')).toBe(true);
    expect(await pendingOf(dan.userId)).toEqual([]);

    // Never twice: a second socket, and the first one reconnecting, get nothing more.
    const danTablet = await socketOf({ as: dan, app: 'insight-ios' });
    danPhone.close();
    const danAgain = await socketOf({ as: dan, app: 'insight-ios' });
    const marker = await notify('insight-ios', 'Marker');
    expect(marker.live).toBeGreaterThanOrEqual(2);
    for (const socket of [danTablet, danAgain]) {
      await socket.waitFor('app:message', { where: (message) => message.msg === 'Marker', timeoutMs: 1000 });
      expect(socket.received('app:message').map((message) => message.msg)).toEqual(['Marker']);
    }
    expect(danDesktop.received('app:message')).toEqual([]);
    expect(eveOnline.received('app:message').map((message) => message.msg)).toEqual([
      'While you were away',
      'And this too',
      'Marker',
    ]);
    expect(second.live).toBe(1);
  });

  it('is queued for an app user even when nobody is online, and not for users of other apps', async () => {
    const fay = await appUser('insight-android');
    const gus = await appUser('insight');
    const answer = await notify('insight-android', 'Quiet hours');
    expect(answer.live).toBe(0);
    expect(await pendingOf(fay.userId)).toHaveLength(1);
    expect(await pendingOf(gus.userId)).toEqual([]);
    const usersOfApp = await t.app.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('app_flavor', '=', 'insight-android')
      .executeTakeFirstOrThrow();
    expect(answer.queued).toBe(Number(usersOfApp.n));
  });
});
