/** The account and session calls (spec 000 §7, spec 002 §7.2), one path each for both sides. */
export const accountApi = {
  login: '/api/user/login',
  logout: '/api/user/logout',
  v1Login: '/api/v1/auth/login',
  v1Logout: '/api/v1/auth/logout',
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

/** Where the remember-me token is kept in the browser for auto-login after a 401. */
export const authTokenStorageKey = 'insight.auth_token';
