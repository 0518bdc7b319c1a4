import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { can, type Right } from '@insight/shared';
import type { ReactNode } from 'react';
import { Navigate, Link as RouterLink, useParams } from 'react-router';
import { useAtomValue } from '../../app/store';
import { NoPermissionPanel } from '../../components/NoPermissionPanel';
import { NotFoundPage } from '../shell/NotFoundPage';
import { currentRolesAtom } from '../auth/atoms';
import { AccountEditPage } from './AccountForm';
import { AnalystEditPage } from './AnalystForm';
import { AuditLogPage } from './AuditLogPage';
import { AccountsList, AnalystsList, ProfilesList, UsersList } from './lists';
import { SupportRequestsPage } from './SupportRequestsPage';
import { UserEditPage } from './UserForm';

interface Section {
  mode: string;
  label: string;
  intro: string;
  right: Right;
  list: () => ReactNode;
}

/** The manage area's sections, in the order of its navigation. */
const sections: Section[] = [
  {
    mode: 'accounts',
    label: 'Accounts',
    intro: 'Customer accounts: their profiles, subscription and validity.',
    right: 'manage.access',
    list: () => <AccountsList />,
  },
  {
    mode: 'users',
    label: 'Users',
    intro: 'Who may sign in, in which account, with which rights.',
    right: 'manage.users',
    list: () => <UsersList />,
  },
  {
    mode: 'profiles',
    label: 'Profiles',
    intro: 'The investment profiles accounts can be linked to.',
    right: 'manage.access',
    list: () => <ProfilesList />,
  },
  {
    mode: 'analysts',
    label: 'Analysts',
    intro: 'Analysts and the global name shown for each.',
    right: 'manage.access',
    list: () => <AnalystsList />,
  },
  {
    mode: 'audit',
    label: 'Audit log',
    intro: 'Every change an admin made, with the values before and after.',
    right: 'manage.access',
    list: () => <AuditLogPage />,
  },
  {
    mode: 'support',
    label: 'Support',
    intro: 'Requests sent through “How can we help?”.',
    right: 'manage.access',
    list: () => <SupportRequestsPage />,
  },
];

/** Edit pages: /manage/{account|user|analyst}/{id}, and /manage/{list}/new. */
function editPage(mode: string, itemId: string): { page: ReactNode; right: Right; section: string } | null {
  const isNew = itemId === 'new';
  if ((mode === 'account' && !isNew) || (mode === 'accounts' && isNew))
    return { page: <AccountEditPage isNew={isNew} />, right: 'manage.access', section: 'accounts' };
  if ((mode === 'user' && !isNew) || (mode === 'users' && isNew))
    return { page: <UserEditPage isNew={isNew} />, right: 'manage.users', section: 'users' };
  if (mode === 'analyst' && !isNew)
    return { page: <AnalystEditPage />, right: 'manage.access', section: 'analysts' };
  return null;
}

/** /manage/{mode} and /manage/{mode}/{itemId} (spec 002 §2.7): admins only; client admins see their users. */
export function ManagePage() {
  const { mode = '', itemId } = useParams();
  const roles = useAtomValue(currentRolesAtom);
  if (!can(roles, 'manage.users')) return <NoPermissionPanel />;
  if (mode === 'profiles' && itemId === 'new') return <Navigate to="/newProfile" replace />;

  const edit = itemId === undefined ? null : editPage(mode, itemId);
  const sectionMode = edit?.section ?? mode;
  const section = sections.find((s) => s.mode === sectionMode);
  if (!section || (itemId !== undefined && edit === null)) return <NotFoundPage />;
  if (!can(roles, edit?.right ?? section.right)) return <NoPermissionPanel />;
  const visible = sections.filter((s) => can(roles, s.right));

  return (
    <Stack gap="5">
      <Box>
        <Heading as="h1" size="2xl" letterSpacing="tight">
          Manage {section.label.toLowerCase()}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {section.intro}
        </Text>
      </Box>
      {visible.length > 1 && (
        <Box
          as="nav"
          aria-label="Manage sections"
          borderBottomWidth="1px"
          borderColor="border"
          overflowX="auto"
          css={{ scrollbarWidth: 'none' }}
        >
          <Box as="ul" display="flex" listStyleType="none" gap="1">
            {visible.map((s) => {
              const active = s.mode === section.mode;
              return (
                <Box as="li" key={s.mode} flexShrink={0}>
                  <Link
                    asChild
                    display="block"
                    px="3"
                    py="2"
                    fontSize="sm"
                    fontWeight={active ? 'semibold' : 'medium'}
                    color={active ? 'brand.fg' : 'fg.muted'}
                    borderBottomWidth="2px"
                    borderColor={active ? 'brand.solid' : 'transparent'}
                    _hover={{ textDecoration: 'none', color: 'fg' }}
                    aria-current={active ? 'page' : undefined}
                  >
                    <RouterLink to={`/manage/${s.mode}`}>{s.label}</RouterLink>
                  </Link>
                </Box>
              );
            })}
          </Box>
        </Box>
      )}
      {edit ? edit.page : section.list()}
    </Stack>
  );
}
