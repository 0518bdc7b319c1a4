import { Text } from '@chakra-ui/react';
import type { Account, Analyst, ManageUser, ProfileSummary } from '@insight/shared';
import { adminCalls } from './api';
import { daysLeft, formatDay, formatMoment } from './format';
import { ListPage, Pill, type Column } from './ListPage';

function AccountStatus({ account }: { account: Pick<Account, 'valid_to' | 'trail'> }) {
  if (account.valid_to === null) return <Pill tone="brand">Indefinite</Pill>;
  if (daysLeft(account.valid_to) < 0) return <Pill tone="red">Expired</Pill>;
  return account.trail ? <Pill tone="orange">Trail</Pill> : <Pill tone="blue">Active</Pill>;
}

const profileLabel = (profile: ProfileSummary | null) =>
  profile === null ? '—' : `${profile.name.replace(/_/g, ' ')}${profile.email ? ` (${profile.email})` : ''}`;

const accountColumns: Column<Account>[] = [
  { key: 'name', label: 'Name', sort: 'name', render: (a) => a.name },
  { key: 'status', label: 'Status', render: (a) => <AccountStatus account={a} /> },
  {
    key: 'valid_to',
    label: 'Valid to',
    sort: 'valid_to',
    wide: true,
    render: (a) => (a.valid_to === null ? 'Indefinitely' : formatDay(a.valid_to)),
  },
  { key: 'master', label: 'Master profile', wide: true, render: (a) => profileLabel(a.master_profile) },
  { key: 'linked', label: 'Linked', wide: true, numeric: true, render: (a) => a.linked_profiles.length },
  { key: 'users', label: 'Users', sort: 'users', numeric: true, render: (a) => a.users },
];

export function AccountsList() {
  return (
    <ListPage
      noun="accounts"
      columns={accountColumns}
      fetch={adminCalls.accounts}
      defaultSort="name"
      rowKey={(a) => a.id}
      rowLink={(a) => `/manage/account/${a.id}`}
      newLink={{ to: '/manage/accounts/new', label: 'New account' }}
      searchLabel="Search accounts"
    />
  );
}

function Role({ user }: { user: ManageUser }) {
  if (user.is_admin) return <Pill tone="red">System admin</Pill>;
  if (user.client_admin) return <Pill tone="orange">Client admin</Pill>;
  if (user.account_type === 'profile') return <Pill tone="blue">Profile</Pill>;
  return <Pill tone="gray">User</Pill>;
}

const name = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ') || '—';

const userColumns: Column<ManageUser>[] = [
  { key: 'email', label: 'E-mail', sort: 'email', render: (u) => u.email },
  { key: 'name', label: 'Name', sort: 'name', wide: true, render: (u) => name(u.first_name, u.last_name) },
  { key: 'account', label: 'Account', sort: 'account', render: (u) => u.account.name },
  { key: 'role', label: 'Role', sort: 'role', wide: true, render: (u) => <Role user={u} /> },
  {
    key: 'last_activity',
    label: 'Last activity',
    sort: 'last_activity',
    wide: true,
    render: (u) => (
      <Text as="span" color={u.last_activity.date ? undefined : 'fg.muted'} whiteSpace="nowrap">
        {formatMoment(u.last_activity.date)}
      </Text>
    ),
  },
  {
    key: 'valid_to',
    label: 'Valid to',
    sort: 'valid_to',
    wide: true,
    render: (u) => (u.account.valid_to === null ? 'Indefinitely' : formatDay(u.account.valid_to)),
  },
];

export function UsersList() {
  return (
    <ListPage
      noun="users"
      columns={userColumns}
      fetch={adminCalls.users}
      defaultSort="email"
      rowKey={(u) => u.id}
      rowLink={(u) => `/manage/user/${u.id}`}
      newLink={{ to: '/manage/users/new', label: 'New user' }}
      searchLabel="Search users"
    />
  );
}

const profileColumns: Column<ProfileSummary>[] = [
  { key: 'name', label: 'Profile', sort: 'name', render: (p) => p.name.replace(/_/g, ' ') },
  { key: 'email', label: 'E-mail', sort: 'email', render: (p) => p.email ?? '—' },
  { key: 'owner', label: 'Name', wide: true, render: (p) => name(p.first_name, p.last_name) },
  { key: 'nick', label: 'Nick name', wide: true, render: (p) => p.nick_name ?? '—' },
];

export function ProfilesList() {
  return (
    <ListPage
      noun="profiles"
      columns={profileColumns}
      fetch={adminCalls.profiles}
      defaultSort="name"
      rowKey={(p) => p.id}
      newLink={{ to: '/manage/profiles/new', label: 'New profile' }}
      searchLabel="Search profiles"
    />
  );
}

const analystColumns: Column<Analyst>[] = [
  { key: 'name', label: 'Analyst', sort: 'name', render: (a) => `${a.first_name} ${a.last_name}`.trim() },
  {
    key: 'global',
    label: 'Global name',
    sort: 'global_name',
    render: (a) =>
      a.global_name ?? (
        <Text as="span" color="fg.muted">
          Not set
        </Text>
      ),
  },
  { key: 'firm', label: 'Firm', wide: true, render: (a) => a.firm },
  { key: 'last', label: 'Last rating', sort: 'last', wide: true, render: (a) => formatDay(a.last) || '—' },
];

export function AnalystsList() {
  return (
    <ListPage
      noun="analysts"
      columns={analystColumns}
      fetch={adminCalls.analysts}
      defaultSort="name"
      rowKey={(a) => a.id}
      rowLink={(a) => `/manage/analyst/${encodeURIComponent(a.id)}`}
      searchLabel="Search analysts"
    />
  );
}
