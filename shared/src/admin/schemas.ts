import { z } from 'zod';
import { emailField, newPasswordField } from '../account/schemas';
import { isValidEmail, limits } from '../account/rules';

/**
 * Administration (spec 002 §2.7, §3, §5, §7.2, §7.3, §7.8; spec 000 §3, §5): accounts, users,
 * profiles and analysts as the manage screens edit them, invitations, the audit log. Paths, inputs,
 * answers, rules and messages, written once for both sides.
 */
export const adminApi = {
  /** POST {page, page_size, search, sort, dir}: the accounts, paged (system admins). */
  accounts: '/api/manage/get_accounts',
  /** GET: one account with its profiles (the edit page). Path not in the spec. */
  account: '/api/manage/get_account/:id',
  /** POST {account}: creates (no id) or updates an account. */
  updateAccount: '/api/manage/update_account',
  /** POST {..., type?: 'analysts'}: the users (client admins: their account's), or the analysts. */
  users: '/api/manage/get_users',
  /** GET: one user (the edit page). Path not in the spec. */
  user: '/api/manage/get_user/:id',
  /** POST {user}: creates (no id) or updates a user. */
  updateUser: '/api/manage/update_user',
  /** POST {..}: the investment profiles, with their owner's names and e-mail. */
  profiles: '/api/manage/get_profiles',
  analyst: '/api/manage/get_analyst/:id',
  /** POST {analyst}: an analyst's nick name and global name. Path not in the spec. */
  updateAnalyst: '/api/manage/update_analyst',
  /** POST: the accounts the caller manages, for the user form's account selector. */
  userAccounts: '/api/get_user_accounts',
  /** POST {account_id?}: the users with a portfolio in the account, labelled by e-mail. Path not in the spec. */
  accountPortfolioUsers: '/api/manage/get_account_portfolio_users',
  /** POST {page, page_size, actor_id?, from?, to?, entity?}: the audit log. Path not in the spec. */
  auditLog: '/api/manage/get_audit_log',
  /** POST {email, level, name}: mails a link to set a password (the reset page). */
  invite: '/api/invite',
  /** POST {user}: an admin creates a user (without a password the user is invited). */
  createUser: '/api/admin/create_user',
  /** POST {signupData}: an admin creates an account and its first user. */
  adminSignupUser: '/api/user/admin_signup_user',
  /** POST {signupData}: sign-up of a user with an account of their own on trial. */
  signup: '/api/user/signup',
  /** POST {email}: mails a reset-password link (as change_pass_mail). */
  resetPassword: '/api/user/reset_password',
  /** POST: every analyst with their global name. */
  analystsGlobalNames: '/api/user/get_all_analysts_global_name',
  /** POST {id, global_name} (spec 002 §7.8 "Update user {id, global_name}"). */
  updateAnalystGlobalName: '/api/user/update_analyst_global_name',
} as const;

export const adminLimits = {
  pageSizeMax: 100,
  pageSizeDefault: 25,
  searchMax: 100,
  nameMax: limits.nameMax,
  /** The furthest an account's 'valid to' date may lie ahead (spec 002 §5 "to-date limit"). */
  validToMaxYears: 10,
  /** Admin-set passwords: more than 4 characters (spec 002 §5, §9). */
  adminPasswordMin: 5,
  /** How long an invitation link works. */
  inviteDays: 7,
} as const;

/** Spec 002 §5, §8 ("mutch" corrected as common/messages.ts does). */
export const adminMessages = {
  invalidEmail: 'Not a valid email',
  passwordShort: 'Password must contain at least 4 characters',
  passwordMismatch: 'Passwords do not match',
  globalNameRequired: 'Please enter a global name',
  accountNameRequired: 'Please enter an account name',
  accountSaved: 'Account saved',
  userSaved: 'User saved',
  analystSaved: 'Analyst saved',
  userCreated: 'User created successfully',
  userFailed: 'Failed to create user',
  invited: (email: string) => `Invitation sent to ${email}`,
  emailTaken: 'This e-mail is already used by another user',
  validToTooFar: (date: string) => `The valid to date cannot be after ${date}`,
  validToFormat: 'Valid to must be a date as YYYY-MM-DD',
  notFound: (what: string) => `${what} not found`,
  otherAccount: 'You can manage only the users of your own account.',
  adminOnlyLevel: 'Only a system admin can give this level.',
  unknownProfile: (id: number) => `Profile ${id} does not exist`,
  unknownAccount: 'Please choose an account',
  loadFailed: 'Could not load this list. Please try again.',
} as const;

// ---- paged lists ----

const pageFields = {
  page: z.number().int().min(1, { error: 'page must be 1 or more' }).default(1),
  page_size: z
    .number()
    .int()
    .min(1)
    .max(adminLimits.pageSizeMax, { error: `page_size must be at most ${adminLimits.pageSizeMax}` })
    .default(adminLimits.pageSizeDefault),
  search: z.string().trim().max(adminLimits.searchMax).default(''),
  dir: z.enum(['asc', 'desc']).default('asc'),
};

export const accountSorts = ['name', 'valid_to', 'users', 'created'] as const;
export const userSorts = ['email', 'name', 'account', 'role', 'last_activity', 'valid_to'] as const;
export const profileSorts = ['name', 'email', 'created'] as const;
export const analystSorts = ['name', 'global_name', 'last'] as const;

export const accountsQuerySchema = z.object({ ...pageFields, sort: z.enum(accountSorts).default('name') });
export type AccountsQuery = z.infer<typeof accountsQuerySchema>;

export const usersQuerySchema = z.object({
  ...pageFields,
  /** 'analysts' lists the analysts instead (spec 002 §7.3 "optional type analysts"). */
  type: z.enum(['users', 'analysts']).default('users'),
  sort: z.enum([...userSorts, ...analystSorts]).default('email'),
  account_id: z.number().int().positive().optional(),
  role: z.enum(['user', 'client_admin', 'admin', 'profile']).optional(),
});
export type UsersQuery = z.input<typeof usersQuerySchema>;

export const profilesQuerySchema = z.object({ ...pageFields, sort: z.enum(profileSorts).default('name') });

const page = <T extends z.ZodType>(row: T) =>
  z.object({
    data: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  });

// ---- entities (spec 002 §3) ----

export const profileSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  nick_name: z.string().nullable(),
});
export type ProfileSummary = z.infer<typeof profileSummarySchema>;

export const accountSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  master_profile: profileSummarySchema.nullable(),
  linked_profiles: z.array(profileSummarySchema),
  /** The last day of access as YYYY-MM-DD; null is valid indefinitely. */
  valid_to: z.string().nullable(),
  trail: z.boolean(),
  api_key: z.string().nullable(),
  users: z.number().int(),
  created: z.string(),
});
export type Account = z.infer<typeof accountSchema>;

export const manageUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  nick_name: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  account: z.object({ id: z.number().int(), name: z.string(), valid_to: z.string().nullable() }),
  last_activity: z.object({ date: z.string().nullable() }),
  client_admin: z.boolean(),
  is_admin: z.boolean(),
  account_type: z.enum(['user', 'profile']),
});
export type ManageUser = z.infer<typeof manageUserSchema>;

export const analystSchema = z.object({
  id: z.string(),
  nick_name: z.string().nullable(),
  first_name: z.string(),
  last_name: z.string(),
  global_name: z.string().nullable(),
  firm: z.string(),
  /** The day of the analyst's latest rating (YYYY-MM-DD), if any. */
  last: z.string().nullable(),
});
export type Analyst = z.infer<typeof analystSchema>;

export const accountsPageSchema = page(accountSchema);
export const usersPageSchema = page(manageUserSchema);
export const analystsPageSchema = page(analystSchema);
export const profilesPageSchema = page(profileSummarySchema);
export type AccountsPage = z.infer<typeof accountsPageSchema>;
export type UsersPage = z.infer<typeof usersPageSchema>;
export type AnalystsPage = z.infer<typeof analystsPageSchema>;
export type ProfilesPage = z.infer<typeof profilesPageSchema>;

export const accountResponseSchema = z.object({ data: accountSchema });
export const userResponseSchema = z.object({ data: manageUserSchema });
export const analystResponseSchema = z.object({ data: analystSchema });
export const idParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const analystParamsSchema = z.object({ id: z.string().min(1).max(100) });

// ---- edits ----

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/** The latest 'valid to' an admin may set, as YYYY-MM-DD. */
export function validToLimit(now = new Date()): string {
  const limit = new Date(now);
  limit.setUTCFullYear(limit.getUTCFullYear() + adminLimits.validToMaxYears);
  return limit.toISOString().slice(0, 10);
}

/** The account form's date rule (spec 002 §5), for form and server: a message, or null. */
export function validToProblem(validTo: string | null, now = new Date()): string | null {
  if (validTo === null) return null;
  if (!isoDay.test(validTo) || Number.isNaN(Date.parse(`${validTo}T00:00:00Z`)))
    return adminMessages.validToFormat;
  const limit = validToLimit(now);
  return validTo > limit ? adminMessages.validToTooFar(limit) : null;
}

export const updateAccountBodySchema = z.object({
  account: z
    .object({
      id: z.number().int().positive().nullable().optional(),
      name: z
        .string({ error: adminMessages.accountNameRequired })
        .trim()
        .min(1, { error: adminMessages.accountNameRequired })
        .max(adminLimits.nameMax),
      master_profile: z.number().int().positive().nullable().default(null),
      linked_profiles: z.array(z.number().int().positive()).max(200).default([]),
      valid_to: z.string().nullable().default(null),
      trail: z.boolean().default(false),
      /** Issue a new API key (the old one stops working). */
      new_api_key: z.boolean().optional(),
    })
    .superRefine((account, ctx) => {
      const problem = validToProblem(account.valid_to);
      if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['valid_to'] });
    }),
});
export type UpdateAccountBody = z.input<typeof updateAccountBodySchema>;

/** The admin user form's rules (spec 002 §5), for form and server: the first problem, or null. */
export function manageUserProblem(user: { email: string; password: string; repeatPassword: string }): {
  field: 'email' | 'password' | 'repeatPassword';
  message: string;
} | null {
  if (!isValidEmail(user.email)) return { field: 'email', message: adminMessages.invalidEmail };
  if (user.password !== '' && user.password.length < adminLimits.adminPasswordMin)
    return { field: 'password', message: adminMessages.passwordShort };
  if (user.password.length > limits.passwordMax)
    return { field: 'password', message: `Password must be at most ${limits.passwordMax} characters.` };
  if (user.repeatPassword !== user.password)
    return { field: 'repeatPassword', message: adminMessages.passwordMismatch };
  return null;
}

const optionalName = z
  .string()
  .trim()
  .max(adminLimits.nameMax, { error: `Names must be at most ${adminLimits.nameMax} characters.` })
  .nullable()
  .default(null)
  .transform((value) => (value === '' ? null : value));

export const manageUserInputSchema = z
  .object({
    id: z.number().int().positive().nullable().optional(),
    email: z.string({ error: adminMessages.invalidEmail }).trim(),
    nick_name: optionalName,
    first_name: optionalName,
    last_name: optionalName,
    /** The account's id (or the account as listed). */
    account: z.union([z.number().int().positive(), z.object({ id: z.number().int().positive() })]),
    /** Empty keeps the password (or, for a new user, sends an invitation). */
    password: z.string().default(''),
    repeatPassword: z.string().default(''),
    client_admin: z.boolean().default(false),
  })
  .superRefine((user, ctx) => {
    const problem = manageUserProblem(user);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.message, path: [problem.field] });
  })
  .transform(({ account, email, ...rest }) => ({
    ...rest,
    email: email.toLowerCase(),
    account: typeof account === 'number' ? account : account.id,
  }));
export type ManageUserInput = z.input<typeof manageUserInputSchema>;
export type ManageUserValues = z.output<typeof manageUserInputSchema>;

export const updateUserBodySchema = z.object({ user: manageUserInputSchema });

export const updateAnalystBodySchema = z.object({
  analyst: z.object({
    id: z.string().min(1).max(100),
    nick_name: optionalName,
    global_name: z
      .string({ error: adminMessages.globalNameRequired })
      .trim()
      .min(1, { error: adminMessages.globalNameRequired })
      .max(adminLimits.nameMax),
  }),
});
export const updateAnalystGlobalNameBodySchema = z.object({
  id: z.string().min(1).max(100),
  global_name: z
    .string({ error: adminMessages.globalNameRequired })
    .trim()
    .min(1, { error: adminMessages.globalNameRequired })
    .max(adminLimits.nameMax),
});

export const savedResponseSchema = z.object({
  status: z.literal(true),
  msg: z.string(),
  id: z.union([z.number(), z.string()]),
});
export type SavedResponse = z.infer<typeof savedResponseSchema>;

export const userAccountsResponseSchema = z.object({
  data: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export const accountPortfolioUsersBodySchema = z.object({
  account_id: z.number().int().positive().optional(),
});
export const accountPortfolioUsersResponseSchema = z.object({
  data: z.array(z.object({ label: z.string(), value: z.number().int() })),
});
export const analystsGlobalNamesResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string(), global_name: z.string().nullable() })),
});

// ---- invitations and sign-up ----

export const inviteLevels = ['user', 'client_admin', 'admin'] as const;
export type InviteLevel = (typeof inviteLevels)[number];

export const inviteBodySchema = z.object({
  email: z
    .string({ error: adminMessages.invalidEmail })
    .trim()
    .refine(isValidEmail, { error: adminMessages.invalidEmail })
    .transform((e) => e.toLowerCase()),
  level: z.enum(inviteLevels).default('user'),
  name: z.string().trim().max(adminLimits.nameMax).default(''),
  /** Which account the invitee joins; a client admin's own account, by default the inviter's. */
  account_id: z.number().int().positive().optional(),
});
export type InviteBody = z.input<typeof inviteBodySchema>;

export const createUserBodySchema = z.object({ user: manageUserInputSchema });

export const userSignupBodySchema = z.object({
  signupData: z.object({
    email: emailField,
    password: newPasswordField,
    first_name: z.string().trim().min(1, { error: 'First name is required' }).max(limits.nameMax),
    last_name: z.string().trim().min(1, { error: 'Last name is required' }).max(limits.nameMax),
    account_name: z.string().trim().max(limits.nameMax).optional(),
  }),
});

export const resetPasswordBodySchema = z.object({ email: emailField });

// ---- the audit log ----

export const auditEntities = [
  'account',
  'user',
  'profile',
  'analyst',
  'universe',
  'app_portfolio',
  'support_request',
] as const;

export const auditQuerySchema = z.object({
  page: pageFields.page,
  page_size: pageFields.page_size,
  actor_id: z.number().int().positive().optional(),
  entity: z.string().max(50).optional(),
  /** Inclusive days, YYYY-MM-DD. */
  from: z.iso.date({ error: 'from must be a date as YYYY-MM-DD' }).optional(),
  to: z.iso.date({ error: 'to must be a date as YYYY-MM-DD' }).optional(),
});
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.object({ id: z.number().int().nullable(), email: z.string().nullable() }),
  entity: z.string(),
  entity_id: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({
  data: z.array(auditEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Who appears in the log, for the filter. */
  actors: z.array(z.object({ id: z.number().int(), email: z.string() })),
});
export type AuditPage = z.infer<typeof auditPageSchema>;
