import {
  accountApi,
  currentUserBodySchema,
  loginResponseSchema,
  statusBodySchema,
  type LoginBody,
  type StatusBody,
  type User,
} from '@insight/shared';
import { api } from '../../api/request';

/** The session calls of spec 000 §7 and 002 §7.2. */
export const authApi = {
  async currentUser(): Promise<User> {
    const body = await api.post(accountApi.currentUser, undefined, { schema: currentUserBodySchema });
    return body.data;
  },

  async login(email: string, password: string, rememberMe: boolean): Promise<User> {
    const body: LoginBody = {
      loginData: { method: 'email', credentials: { email: email.trim(), password }, remember_me: rememberMe },
    };
    const answer = await api.post(accountApi.login, body, { schema: loginResponseSchema });
    return answer.data;
  },

  /** The mobile web view signs in with the id the native app passes (/apphome?id=...). */
  async appLogin(appId: string): Promise<User> {
    const answer = await api.post(accountApi.appLogin, { app_id: appId }, { schema: loginResponseSchema });
    return answer.data;
  },

  async logout(): Promise<void> {
    await api.post(accountApi.logout, undefined, { autoLogin: false });
  },

  sendPasswordResetMail(email: string): Promise<StatusBody> {
    return api.post(
      accountApi.changePassMail,
      { userData: { email: email.trim(), source: 'web' } },
      {
        schema: statusBodySchema,
        autoLogin: false,
      },
    );
  },

  resetPassword(code: string, newPassword: string): Promise<StatusBody> {
    return api.post(
      accountApi.changePass,
      { passData: { new_pass: newPassword, validation_code: code } },
      { schema: statusBodySchema, autoLogin: false },
    );
  },
};
