import fs from 'node:fs/promises';
import path from 'node:path';
import { accountApi, messages } from '@insight/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, loginBody, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ PUBLIC_URL: 'https://insight.example' });
});
afterAll(async () => t.close());

const client = () => new HttpClient(t.baseUrl);
const outbox = () => path.join(t.dataDir, 'outbox');

async function mailsTo(email: string): Promise<string[]> {
  const files = await fs.readdir(outbox()).catch(() => [] as string[]);
  const mails = await Promise.all(files.map((file) => fs.readFile(path.join(outbox(), file), 'utf8')));
  return mails.filter((mail) => mail.includes(`To: ${email}`));
}

function resetCode(mail: string): string {
  const match = /https:\/\/insight\.example\/reset-pass\/([\w-]+)/.exec(mail.replace(/=\r?\n/g, ''));
  if (!match) throw new Error('no reset link in the mail');
  return match[1]!;
}

describe('forgot password', () => {
  it('mails a reset link to the outbox, and the code sets a new password once', async () => {
    const user = await createUser(t.app);
    const elsewhere = client();
    await signIn(elsewhere, user, true);

    const sent = await client().post(accountApi.changePassMail, {
      userData: { email: user.email, source: 'web' },
    });
    expect(sent.body).toEqual({ status: true, msg: messages.forgotPassword.sent });
    const [mail] = await mailsTo(user.email);
    expect(mail).toBeDefined();
    const code = resetCode(mail!);

    const reset = await client().post(accountApi.changePass, {
      passData: { new_pass: 'Brand9New', validation_code: code },
    });
    expect(reset.body).toEqual({ status: true, msg: messages.password.resetDone });
    expect((await client().post(accountApi.login, loginBody(user.email, 'Brand9New'))).status).toBe(200);
    expect((await client().post(accountApi.login, loginBody(user.email, user.password))).status).toBe(401);
    // Sessions opened with the old password end.
    expect((await elsewhere.post(accountApi.currentUser)).status).toBe(401);

    const again = await client().post(accountApi.changePass, {
      passData: { new_pass: 'Other9New', validation_code: code },
    });
    expect(again.status).toBe(400);
    expect(again.body.msg).toBe(messages.password.resetCodeInvalid);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    const response = await client().post(accountApi.changePassMail, {
      userData: { email: 'ghost@example.test' },
    });
    expect(response.body).toEqual({ status: true, msg: messages.forgotPassword.sent });
    expect(await mailsTo('ghost@example.test')).toHaveLength(0);
  });

  it('does not mail twice within a minute', async () => {
    const user = await createUser(t.app);
    await client().post(accountApi.changePassMail, { userData: { email: user.email } });
    await client().post(accountApi.changePassMail, { userData: { email: user.email } });
    expect(await mailsTo(user.email)).toHaveLength(1);
  });

  it.each([
    ['an invalid e-mail', { userData: { email: 'nope' } }, messages.forgotPassword.invalidEmail],
    ['no userData', {}, 'userData'],
  ])('refuses %s with 400', async (_case, body, text) => {
    const response = await client().post(accountApi.changePassMail, body);
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain(text);
  });

  it.each([
    ['a weak password', { new_pass: 'weakpass', validation_code: 'x' }, messages.password.rule],
    [
      'a password over 20 characters',
      { new_pass: 'Aa1' + 'x'.repeat(18), validation_code: 'x' },
      messages.password.tooLong,
    ],
    [
      'a wrong code',
      { new_pass: 'Good1234', validation_code: 'not-a-code' },
      messages.password.resetCodeInvalid,
    ],
  ])('refuses a reset with %s', async (_case, passData, text) => {
    const response = await client().post(accountApi.changePass, { passData });
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain(text);
  });
});

describe('change password while signed in', () => {
  it('needs the current password, then saves and ends the other sessions', async () => {
    const user = await createUser(t.app);
    const browser = client();
    const other = client();
    await signIn(browser, user);
    await signIn(other, user);

    const wrong = await browser.post(accountApi.changePassDirect, {
      passData: { current_pass: 'Nope1234', new_pass: 'Fresh123' },
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.msg).toBe(messages.password.currentWrong);

    const weak = await browser.post(accountApi.changePassDirect, {
      passData: { current_pass: user.password, new_pass: 'short' },
    });
    expect(weak.status).toBe(400);
    expect(weak.body.msg).toContain(messages.password.rule);

    const saved = await browser.post(accountApi.changePassDirect, {
      passData: { current_pass: user.password, new_pass: 'Fresh123' },
    });
    expect(saved.body).toEqual({ status: true, msg: messages.password.saved });
    expect((await browser.post(accountApi.currentUser)).status).toBe(200);
    expect((await other.post(accountApi.currentUser)).status).toBe(401);
    expect((await client().post(accountApi.login, loginBody(user.email, 'Fresh123'))).status).toBe(200);
  });

  it('is refused without a session', async () => {
    const response = await client().post(accountApi.changePassDirect, {
      passData: { current_pass: 'a', new_pass: 'Fresh123' },
    });
    expect(response.status).toBe(401);
  });
});

describe('display name', () => {
  it('is saved, trimmed, and shows in the current user', async () => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    const saved = await browser.post(accountApi.changeNickname, { nickname: '  Wolf of Wall St  ' });
    expect(saved.body).toEqual({ status: true, msg: messages.nickname.saved });
    expect((await browser.post(accountApi.currentUser)).body.data.nickname).toBe('Wolf of Wall St');
  });

  it('is cleared by an empty name, and the display name falls back to the first name', async () => {
    const user = await createUser(t.app, { nickname: 'Wolf', first_name: 'Ada' });
    const browser = client();
    await signIn(browser, user);
    const cleared = await browser.post(accountApi.changeNickname, { nickname: '   ' });
    expect(cleared.body).toEqual({ status: true, msg: messages.nickname.saved });
    const current = (await browser.post(accountApi.currentUser)).body.data;
    expect(current.nickname).toBeNull();
    expect(current.first_name).toBe('Ada');
  });

  it.each([
    ['missing', undefined, messages.nickname.required],
    ['over 100 characters', 'x'.repeat(101), messages.nickname.tooLong],
  ])('refuses a name that is %s', async (_case, nickname, text) => {
    const user = await createUser(t.app);
    const browser = client();
    await signIn(browser, user);
    const response = await browser.post(accountApi.changeNickname, { nickname });
    expect(response.status).toBe(400);
    expect(response.body.msg).toContain(text);
  });
});
