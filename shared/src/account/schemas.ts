import { z } from 'zod';
import { filterSetSchema } from '../alerts/schemas';
import { messages } from '../common/messages';
import { isStrongPassword, isValidEmail, limits } from './rules';

// ---- field schemas: the spec's rules and messages, used by both the forms and the routes ----

export const emailField = z
  .string({ error: messages.login.invalidEmail })
  .trim()
  .max(limits.emailMax, { error: `Email must be at most ${limits.emailMax} characters.` })
  .refine(isValidEmail, { error: messages.login.invalidEmail })
  .transform((email) => email.toLowerCase());

/** A password presented for checking: required, at most 20 characters. */
export const passwordField = z
  .string({ error: messages.login.emailAndPasswordRequired })
  .min(1, { error: messages.login.emailAndPasswordRequired })
  .max(limits.passwordMax, { error: messages.password.tooLong });

/** A password being set: the shared rule. */
export const newPasswordField = z
  .string({ error: messages.password.rule })
  .max(limits.passwordMax, { error: messages.password.tooLong })
  .refine(isStrongPassword, { error: messages.password.rule });

const nameField = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(limits.nameMax, { error: `${label} must be at most ${limits.nameMax} characters.` });

const rememberMe = z.boolean().optional();

// ---- request bodies ----

/** POST /api/user/login — spec 002 §7.2 `{loginData:{method, auth_token or credentials, remember_me}}`. */
export const loginBodySchema = z.object({
  loginData: z.discriminatedUnion('method', [
    z.object({
      method: z.literal('email'),
      credentials: z.object({ email: emailField, password: passwordField }),
      remember_me: rememberMe,
      rememberMe,
    }),
    z.object({
      method: z.literal('token'),
      auth_token: z.string().min(1, { error: 'auth_token is required' }).max(200),
      remember_me: rememberMe,
      rememberMe,
    }),
  ]),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

/** POST /api/v1/auth/login. */
export const v1LoginBodySchema = z.object({
  email: emailField,
  password: passwordField,
  remember_me: rememberMe,
});
export type V1LoginBody = z.infer<typeof v1LoginBodySchema>;

/** Login by app id, for the mobile web view (/apphome?id=...). Path not shown by the spec. */
export const appLoginBodySchema = z.object({
  app_id: z.string().trim().min(1, { error: 'app_id is required' }).max(200),
});

/** POST /api/user/account_and_user_signup/ */
export const signupBodySchema = z.object({
  signupData: z.object({
    email: emailField,
    password: newPasswordField,
    account_name: z.string().trim().max(limits.nameMax).optional(),
    first_name: nameField('First name'),
    last_name: nameField('Last name'),
  }),
});
export type SignupBody = z.infer<typeof signupBodySchema>;

/** Admin: register a new profile (spec 000 §5: names and email up to 100, the password rule, up to 20). */
export const registerProfileBodySchema = z.object({
  first_name: nameField('First name'),
  last_name: nameField('Last name'),
  email: emailField,
  password: newPasswordField,
});
export type RegisterProfileBody = z.infer<typeof registerProfileBodySchema>;

/** POST /api/user/change_pass_mail */
export const changePassMailBodySchema = z.object({
  userData: z.object({
    email: z
      .string({ error: messages.forgotPassword.invalidEmail })
      .trim()
      .refine(isValidEmail, { error: messages.forgotPassword.invalidEmail })
      .transform((email) => email.toLowerCase()),
    source: z.string().max(50).optional(),
  }),
});

/** POST /api/user/change_pass — set a password with the code from the reset mail. */
export const changePassBodySchema = z.object({
  passData: z.object({
    new_pass: newPasswordField,
    validation_code: z.string().trim().min(1, { error: 'validation_code is required' }).max(200),
  }),
});

/** POST /api/user/change_pass_direct */
export const changePassDirectBodySchema = z.object({
  passData: z.object({ current_pass: passwordField, new_pass: newPasswordField }),
});

/**
 * POST /api/user/change_nickname. An empty (or blank) nickname clears it: the display name then
 * falls back to the first name, else the e-mail (spec 000 §2).
 */
export const changeNicknameBodySchema = z.object({
  nickname: z
    .string({ error: messages.nickname.required })
    .trim()
    .max(limits.nameMax, { error: messages.nickname.tooLong })
    .transform((nickname) => (nickname === '' ? null : nickname)),
});

// ---- the User of spec 000 §3 ----

export const profileRefSchema = z.object({ id: z.number().int(), name: z.string() });
export type ProfileRef = z.infer<typeof profileRefSchema>;

export const userSchema = z.object({
  user_id: z.number().int(),
  email: z.string(),
  nickname: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  account_type: z.enum(['user', 'profile']),
  is_admin: z.boolean(),
  client_admin: z.boolean(),
  /** A public id of this session (not the cookie secret): it cannot authenticate anything. */
  session_token: z.string(),
  available_profiles: z.array(profileRefSchema),
  /** The id of the current investment profile. */
  current_profile: z.number().int().nullable(),
  alert_filters: filterSetSchema.nullable(),
  system_sectors: z.array(z.object({ id: z.number().int(), name: z.string(), symbol: z.string() })),
  universeList: z.array(z.object({ id: z.number().int(), name: z.string() })),
  analystList: z.array(z.string()),
  portfolio_id: z.number().int().nullable(),
  /** 'active' for a paid subscription in force; null otherwise (trial or expired). */
  subscription_status: z.enum(['active']).nullable(),
  /** Days of subscription left; null when the account is valid indefinitely. */
  valid_to: z.number().int().nullable(),
  /** The trial length in days; 0 when the account is not on trial. */
  trail: z.number().int(),
});
export type User = z.infer<typeof userSchema>;

/** Body of `get_current_user`: `{data: user}`. */
export const currentUserBodySchema = z.object({ data: userSchema });

/** Body of a successful login: the user, and the remember-me token when one was asked for. */
export const loginResponseSchema = z.object({
  status: z.literal(true),
  data: userSchema,
  access_token: z.string().optional(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;
