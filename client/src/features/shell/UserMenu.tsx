import { Box, Button, Menu, Portal, Text } from '@chakra-ui/react';
import { can, type User } from '@insight/shared';
import { useNavigate } from 'react-router';
import { useAtomValue } from '../../app/store';
import { ChevronDownIcon, UserIcon } from '../../components/ui/icons';
import { currentRolesAtom } from '../auth/atoms';
import { useSignOut } from '../auth/useSignOut';
import { helpPath } from '../help/HelpPage';
import { displayName } from './displayName';

/** Menu values → where they go. Sign out is handled apart. */
const destinations = {
  profile: '/profile',
  contact: '/contact',
  newProfile: '/newProfile',
  manageClients: '/manage/accounts',
  manageUsers: '/manage/users',
  appPortfolios: '/appportfolios',
} as const;

type Destination = keyof typeof destinations;
const isDestination = (value: string): value is Destination => value in destinations;

/** Spec 000 §2 "Top bar": who is signed in, and the account and admin entries. */
export function UserMenu({ user }: { user: User }) {
  const roles = useAtomValue(currentRolesAtom);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const label = `Logged in as ${displayName(user)}`;

  function select(value: string) {
    if (value === 'signOut') void signOut();
    else if (value === 'help') window.open(helpPath(user.user_id), '_blank', 'noopener');
    else if (isDestination(value)) void navigate(destinations[value]);
  }

  return (
    <Menu.Root positioning={{ placement: 'bottom-end' }} onSelect={(details) => select(details.value)}>
      <Menu.Trigger asChild>
        <Button
          variant="ghost"
          size="sm"
          colorPalette="gray"
          maxW={{ base: '56', sm: '72', md: '80' }}
          px="2"
          title={label}
        >
          <Box as="span" color="brand.fg" flexShrink={0}>
            <UserIcon />
          </Box>
          <Text as="span" truncate fontWeight="medium">
            {label}
          </Text>
          <ChevronDownIcon />
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="56">
            <Menu.Item value="profile">My profile</Menu.Item>
            <Menu.Item value="contact">Contact us</Menu.Item>
            <Menu.Item value="help">Help</Menu.Item>
            {can(roles, 'manage.access') && (
              <>
                <Menu.Separator />
                <Menu.ItemGroup>
                  <Menu.ItemGroupLabel>Administration</Menu.ItemGroupLabel>
                  <Menu.Item value="newProfile">Create profile</Menu.Item>
                  <Menu.Item value="manageClients">Manage clients</Menu.Item>
                  <Menu.Item value="appPortfolios">Manage app portfolios</Menu.Item>
                </Menu.ItemGroup>
              </>
            )}
            {!can(roles, 'manage.access') && can(roles, 'manage.users') && (
              <>
                <Menu.Separator />
                <Menu.Item value="manageUsers">Manage users</Menu.Item>
              </>
            )}
            <Menu.Separator />
            <Menu.Item value="signOut" color="danger.fg" _highlighted={{ bg: 'danger.subtle' }}>
              Sign out
            </Menu.Item>
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
