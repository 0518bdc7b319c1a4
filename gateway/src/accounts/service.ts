import type { FilterSet, RegisterProfileBody, User } from '@insight/shared';
import { messages } from '@insight/shared';
import type { Config } from '../config';
import type { Db } from '../platform/db';
import { badRequest, conflict, unauthorized } from '../platform/errors';
import type { Mailer } from '../platform/mail';
import type { Session, SessionStore } from '../platform/session';
import { hashSecret, newPublicId, newSecret } from '../platform/tokens';
import { hashPassword, verifyAgainstDecoy, verifyPassword } from './passwords';
import { accountsRepo } from './repo';
import { SignInThrottle } from './throttle';
import { isExpired, profileNameOf, toUser } from './user';

/** Where a sign-in comes from: the address for throttling, and the cookie it may replace. */
export interface Caller {
  address: string;
  userAgent: string | null;
  /** The session the caller holds now, if any: a new sign-in ends it (no session fixation). */
  session: Session | null;
  /** The browser's device cookie (see throttle.ts), if it sent one. */
  deviceCookie?: string | undefined;
}

export interface SignedIn {
  user: User;
  session: { secret: string; expiresAt: Date };
  remember: boolean;
  /** The new remember-me token, when one was asked for or rotated. */
  accessToken?: string;
  /** The device cookie to set: this browser has now signed in to this account (password sign-in). */
  deviceCookie?: string;
}

const resetCodeLifetimeMs = 60 * 60_000;
const resetMailEveryMs = 60_000;

/** Sign-in, sessions, remember-me tokens, passwords and display names. Knows nothing of HTTP. */
export class AccountsService {
  private readonly repo;
  readonly throttle;

  constructor(
    private readonly db: Db,
    private readonly sessions: SessionStore,
    private readonly mailer: Mailer,
    private readonly config: Pick<Config, 'session' | 'loginThrottle' | 'publicUrl'>,
    /** The universes a user sees, for the User's `universeList`. */
    private readonly universesOf: (userId: number) => Promise<{ id: number; name: string }[]>,
  ) {
    this.repo = accountsRepo(db);
    this.throttle = new SignInThrottle(db, config.loginThrottle);
  }

  // ---- sign-in ----

  async loginWithPassword(
    email: string,
    password: string,
    remember: boolean,
    caller: Caller,
  ): Promise<SignedIn> {
    await this.throttle.check(email, caller);
    const user = await this.repo.findUserByEmail(email);
    const valid = user
      ? await verifyPassword(user.password_hash, password)
      : (await verifyAgainstDecoy(password), false);
    if (!user || !valid) {
      await this.throttle.recordFailure(email, caller.address);
      throw unauthorized(messages.login.wrongCredentials);
    }
    await this.throttle.recordSuccess(email, caller.address);
    const signedIn = await this.openSession(user.id, remember, caller);
    return {
      ...signedIn,
      deviceCookie: await this.throttle.deviceCookieAfterSignIn(caller.deviceCookie, email),
    };
  }

  /**
   * Auto-login with a remember-me token. The token is single-use: it is spent and a new one issued.
   * A token presented again after it was spent means it leaked, so every remember-me token of that
   * user is revoked, and every session opened from that token's family (the thief's included).
   */
  async loginWithToken(authToken: string, caller: Caller): Promise<SignedIn> {
    const key = `token:${caller.address}`;
    await this.throttle.check(key, { address: caller.address });
    const spent = await this.db.transaction().execute(async (trx) => {
      const token = await this.repo.findToken('remember', hashSecret(authToken), trx);
      if (!token) return null;
      if (token.used_at || token.revoked_at) {
        await this.repo.revokeTokens({ userId: token.user_id, kind: 'remember' }, trx);
        await this.repo.revokeFamilySessions(token, trx);
        this.sessions.forgetUser(token.user_id);
        return null;
      }
      if (token.expires_at <= new Date()) return null;
      await this.repo.markTokenUsed(token.id, trx);
      return { userId: token.user_id, family: token.family ?? `token-${token.id}` };
    });
    if (spent === null) {
      await this.throttle.recordFailure(key, caller.address);
      throw unauthorized(messages.login.invalidToken);
    }
    return this.openSession(spent.userId, true, caller, spent.family);
  }

  /** The mobile web view signs in by the app id the native app passes in the URL. */
  async loginWithAppId(appId: string, caller: Caller): Promise<SignedIn> {
    const key = `app:${caller.address}`;
    await this.throttle.check(key, { address: caller.address });
    const user = await this.repo.findUserByAppId(appId);
    if (!user) {
      await this.throttle.recordFailure(key, caller.address);
      throw unauthorized(messages.login.invalidAppId);
    }
    return this.openSession(user.id, false, caller);
  }

  async logout(session: Session | null) {
    if (!session) return;
    await this.db.transaction().execute(async (trx) => {
      await this.sessions.revoke(session.id, trx);
      await this.repo.revokeTokens({ userId: session.userId, kind: 'remember', sessionId: session.id }, trx);
    });
  }

  async currentUser(session: Session): Promise<User> {
    const row = await this.repo.findUserWithAccount(session.userId);
    if (!row) throw unauthorized();
    const profiles = await this.repo.listProfilesFor(row.id, row.is_admin);
    return toUser(row, session.publicId, profiles, await this.universesOf(row.id));
  }

  /** The user's current investment profile and those they may see. */
  async profilesOf(userId: number): Promise<{ current: number | null; available: number[] }> {
    const row = await this.repo.profileChoice(userId);
    if (!row) throw unauthorized();
    const available = row.available.map(Number);
    const current =
      row.current_profile_id !== null && available.includes(row.current_profile_id)
        ? row.current_profile_id
        : (available[0] ?? null);
    return { current, available };
  }

  /** `family`: the remember-me chain a token sign-in continues; a password sign-in starts a new one. */
  private async openSession(
    userId: number,
    remember: boolean,
    caller: Caller,
    family: string = newPublicId(),
  ): Promise<SignedIn> {
    const row = await this.repo.findUserWithAccount(userId);
    if (!row) throw unauthorized(messages.login.wrongCredentials);
    if (isExpired(row)) throw unauthorized(messages.login.accountExpired);

    const { session, accessToken } = await this.db.transaction().execute(async (trx) => {
      if (caller.session) {
        await this.sessions.revoke(caller.session.id, trx);
        await this.repo.revokeTokens(
          { userId: caller.session.userId, kind: 'remember', sessionId: caller.session.id },
          trx,
        );
      }
      const session = await this.sessions.create(
        userId,
        { remember, address: caller.address, userAgent: caller.userAgent },
        trx,
      );
      let accessToken: string | undefined;
      if (remember) {
        accessToken = newSecret();
        await this.repo.insertToken(
          {
            user_id: userId,
            kind: 'remember',
            token_hash: hashSecret(accessToken),
            session_id: session.id,
            expires_at: new Date(Date.now() + this.config.session.rememberMeMs),
            family,
          },
          trx,
        );
      }
      await this.repo.touchActivity(userId, trx);
      return { session, accessToken };
    });
    const profiles = await this.repo.listProfilesFor(row.id, row.is_admin);
    return {
      user: toUser(row, session.publicId, profiles, await this.universesOf(row.id)),
      session,
      remember,
      ...(accessToken ? { accessToken } : {}),
    };
  }

  // ---- registration ----

  async signup(data: {
    email: string;
    password: string;
    first_name: string;
    last_name: string;
    account_name?: string | undefined;
  }) {
    if (await this.repo.findUserByEmail(data.email)) throw conflict(messages.register.taken);
    const passwordHash = await hashPassword(data.password);
    const trialDays = 14;
    const validTo = new Date(Date.now() + trialDays * 86_400_000).toISOString().slice(0, 10);
    try {
      await this.db.transaction().execute(async (trx) => {
        const accountId = await this.repo.createAccount(
          {
            name: data.account_name || `${data.first_name} ${data.last_name}`,
            valid_to: validTo,
            trail: true,
            trial_days: trialDays,
          },
          trx,
        );
        await this.repo.createUser(
          {
            ...this.newUserDefaults,
            account_id: accountId,
            email: data.email,
            password_hash: passwordHash,
            first_name: data.first_name,
            last_name: data.last_name,
            account_type: 'user',
          },
          trx,
        );
      });
    } catch (error) {
      // Two sign-ups racing for one address: the unique index decides.
      if ((error as { code?: string }).code === '23505') throw conflict(messages.register.taken);
      throw error;
    }
    return { status: true as const, msg: messages.register.created };
  }

  /**
   * Admin: a new profile-type account with its own investment profile, named first_last as the
   * spec's profile names are (shown capitalised with underscores as spaces).
   */
  async createProfileAccount(data: RegisterProfileBody) {
    const profileName = profileNameOf(data.first_name, data.last_name);
    if (await this.repo.findUserByEmail(data.email)) throw conflict(messages.register.taken);
    if (await this.repo.findProfileByName(profileName)) throw conflict(messages.register.taken);
    const passwordHash = await hashPassword(data.password);
    try {
      const created = await this.db.transaction().execute(async (trx) => {
        const accountId = await this.repo.createAccount(
          { name: `${data.first_name} ${data.last_name}`, valid_to: null, trail: false },
          trx,
        );
        const userId = await this.repo.createUser(
          {
            ...this.newUserDefaults,
            account_id: accountId,
            email: data.email,
            password_hash: passwordHash,
            first_name: data.first_name,
            last_name: data.last_name,
            account_type: 'profile',
          },
          trx,
        );
        const profileId = await this.repo.createProfile(profileName, userId, trx);
        await this.repo.setCurrentProfile(userId, profileId, trx);
        return profileId;
      });
      this.onProfileCreated({ id: created, name: profileName });
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict(messages.register.taken);
      throw error;
    }
    return { status: true as const, msg: messages.register.created };
  }

  /** Told of each profile an admin registers (the profiles feature pushes it to the admins' selectors). */
  onProfileCreated: (profile: { id: number; name: string }) => void = () => {};

  private readonly newUserDefaults = {
    nickname: null,
    current_profile_id: null,
    app_id: null,
    app_flavor: null,
    last_activity_at: null,
  } as const;

  // ---- passwords ----

  /** Mails a reset link. Answers the same whether or not the address is known, so it reveals nothing. */
  async sendPasswordReset(email: string) {
    const user = await this.repo.findUserByEmail(email);
    if (user) {
      const last = await this.repo.lastTokenCreatedAt(user.id, 'reset');
      const lastAt = last?.at ? new Date(last.at as Date) : null;
      if (!lastAt || Date.now() - lastAt.getTime() > resetMailEveryMs) {
        const code = newSecret();
        await this.repo.insertToken({
          user_id: user.id,
          kind: 'reset',
          token_hash: hashSecret(code),
          session_id: null,
          expires_at: new Date(Date.now() + resetCodeLifetimeMs),
        });
        const link = `${this.config.publicUrl}/reset-pass/${code}`;
        await this.mailer.send({
          to: user.email,
          subject: 'Reset your Insight password',
          text:
            `Hello ${user.first_name ?? ''},\n\nTo choose a new password, open this link within one hour:\n${link}\n\n` +
            'If you did not ask for this, ignore this mail: your password stays as it is.\n\nInsight',
          html:
            `<p>Hello ${escapeHtml(user.first_name ?? '')},</p><p>To choose a new password, open this link within one hour:</p>` +
            `<p><a href="${link}">${link}</a></p><p>If you did not ask for this, ignore this mail: your password stays as it is.</p><p>Insight</p>`,
        });
      }
    }
    return { status: true as const, msg: messages.forgotPassword.sent };
  }

  /** Sets a password with the code from the reset mail; every session and remember-me token of the user ends. */
  async resetPassword(code: string, newPassword: string) {
    const passwordHash = await hashPassword(newPassword);
    const done = await this.db.transaction().execute(async (trx) => {
      const token = await this.repo.findToken('reset', hashSecret(code), trx);
      if (!token || token.used_at || token.revoked_at || token.expires_at <= new Date()) return false;
      await this.repo.markTokenUsed(token.id, trx);
      await this.repo.setPasswordHash(token.user_id, passwordHash, trx);
      await this.repo.revokeTokens({ userId: token.user_id, kind: 'reset' }, trx);
      await this.repo.revokeTokens({ userId: token.user_id, kind: 'remember' }, trx);
      await this.sessions.revokeAllOf(token.user_id, null, trx);
      return true;
    });
    if (!done) throw badRequest(messages.password.resetCodeInvalid, 'passData.validation_code');
    return { status: true as const, msg: messages.password.resetDone };
  }

  /** Changes the password of the signed-in user; their other sessions end. */
  async changePassword(session: Session, currentPassword: string, newPassword: string) {
    const user = await this.repo.findUserWithAccount(session.userId);
    if (!user) throw unauthorized();
    if (!(await verifyPassword(user.password_hash, currentPassword))) {
      throw badRequest(messages.password.currentWrong, 'passData.current_pass');
    }
    const passwordHash = await hashPassword(newPassword);
    await this.db.transaction().execute(async (trx) => {
      await this.repo.setPasswordHash(user.id, passwordHash, trx);
      await this.sessions.revokeAllOf(user.id, session.id, trx);
    });
    return { status: true as const, msg: messages.password.saved };
  }

  async changeNickname(session: Session, nickname: string | null) {
    await this.repo.setNickname(session.userId, nickname);
    return { status: true as const, msg: messages.nickname.saved };
  }

  // ---- the live feed's filters ----

  /** Keeps the user's alert filters (null: back to the defaults); current-user answers them from then on. */
  async saveAlertFilters(session: Session, filters: FilterSet | null) {
    await this.repo.setAlertFilters(session.userId, filters);
    return { status: true as const };
  }
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
