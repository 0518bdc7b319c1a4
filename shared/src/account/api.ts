import { z } from 'zod';
/** The account and session calls (spec 000 §7, spec 002 §7.2), one path each for both sides. */
export const accountApi = {
  login: '/api/user/login',
  logout: '/api/user/logout',
  /** The spec's POST /api/v1/auth/login (every /api/ call also answers under /api/v1/). */
  v1Login: '/api/auth/login',
  v1Logout: '/api/auth/logout',
  currentUser: '/api/user/get_current_user',
  signup: '/api/user/account_and_user_signup/',
  changePassMail: '/api/user/change_pass_mail',
  changePass: '/api/user/change_pass',
  changePassDirect: '/api/user/change_pass_direct',
  changeNickname: '/api/user/change_nickname',
  /** Admin: register a new profile-type account with its investment profile; the spec does not show its path. */
  adminCreateProfile: '/api/user/admin_create_profile',
  /** Login by app id for the mobile web view; the spec does not show its path. */
  appLogin: '/api/user/app_login',
} as const;

export const healthApi = '/api/health';
/** Readiness: 503 while the first backfill runs, 200 once every screen can be answered. */
export const readyApi = '/api/health/ready';

/** The answer of GET /api/health/ready: the step under way and how far the preparation is. */
export const readinessSchema = z.object({
  ready: z.boolean(),
  /** 'ready', or the step under way (e.g. 'bars', 'ratings', 'alerts'). */
  phase: z.string(),
  done: z.number().int(),
  total: z.number().int(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** Where the remember-me token is kept in the browser for auto-login after a 401. */
export const authTokenStorageKey = 'insight.auth_token';
