import {
  accountResponseSchema,
  accountsPageSchema,
  adminApi,
  analystResponseSchema,
  analystsPageSchema,
  apiPath,
  auditPageSchema,
  markHandledBodySchema,
  profilesPageSchema,
  savedResponseSchema,
  statusBodySchema,
  supportApi,
  supportPageSchema,
  userAccountsResponseSchema,
  userResponseSchema,
  usersPageSchema,
  type Account,
  type AccountsPage,
  type Analyst,
  type AnalystsPage,
  type AuditPage,
  type AuditQuery,
  type ManageUser,
  type ManageUserInput,
  type ProfilesPage,
  type SavedResponse,
  type StatusBody,
  type SupportPage,
  type UpdateAccountBody,
  type UsersPage,
} from '@insight/shared';
import { api } from '../../api/request';

/** What every list page sends: the server pages, searches and sorts. */
export interface ListQuery {
  page: number;
  page_size: number;
  search: string;
  sort: string;
  dir: 'asc' | 'desc';
}

/** The manage calls of spec 002 §7.3 and the admin's account calls of §7.2. */
export const adminCalls = {
  accounts: (query: ListQuery, signal?: AbortSignal): Promise<AccountsPage> =>
    api.post(adminApi.accounts, query, { schema: accountsPageSchema, signal }),
  users: (query: ListQuery, signal?: AbortSignal): Promise<UsersPage> =>
    api.post(adminApi.users, query, { schema: usersPageSchema, signal }),
  analysts: (query: ListQuery, signal?: AbortSignal): Promise<AnalystsPage> =>
    api.post(adminApi.users, { ...query, type: 'analysts' }, { schema: analystsPageSchema, signal }),
  profiles: (query: ListQuery, signal?: AbortSignal): Promise<ProfilesPage> =>
    api.post(adminApi.profiles, query, { schema: profilesPageSchema, signal }),

  async account(id: number, signal?: AbortSignal): Promise<Account> {
    return (
      await api.get(apiPath(adminApi.account, { id }), undefined, { schema: accountResponseSchema, signal })
    ).data;
  },
  async user(id: number, signal?: AbortSignal): Promise<ManageUser> {
    return (await api.get(apiPath(adminApi.user, { id }), undefined, { schema: userResponseSchema, signal }))
      .data;
  },
  async analyst(id: string, signal?: AbortSignal): Promise<Analyst> {
    return (
      await api.get(apiPath(adminApi.analyst, { id }), undefined, { schema: analystResponseSchema, signal })
    ).data;
  },
  async userAccounts(signal?: AbortSignal) {
    return (await api.post(adminApi.userAccounts, {}, { schema: userAccountsResponseSchema, signal })).data;
  },

  saveAccount: (account: UpdateAccountBody['account']): Promise<SavedResponse> =>
    api.post(adminApi.updateAccount, { account }, { schema: savedResponseSchema }),
  saveUser: (user: ManageUserInput): Promise<SavedResponse> =>
    api.post(adminApi.updateUser, { user }, { schema: savedResponseSchema }),
  saveAnalyst: (analyst: {
    id: string;
    nick_name: string | null;
    global_name: string;
  }): Promise<SavedResponse> =>
    api.post(adminApi.updateAnalyst, { analyst }, { schema: savedResponseSchema }),

  auditLog: (query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> =>
    api.post(adminApi.auditLog, query, { schema: auditPageSchema, signal }),
  supportRequests: (
    query: { page: number; page_size: number; handled?: boolean },
    signal?: AbortSignal,
  ): Promise<SupportPage> => api.post(supportApi.list, query, { schema: supportPageSchema, signal }),
  markHandled: (id: number, handled: boolean): Promise<StatusBody> =>
    api.post(supportApi.markHandled, markHandledBodySchema.parse({ id, handled }), {
      schema: statusBodySchema,
    }),
};
