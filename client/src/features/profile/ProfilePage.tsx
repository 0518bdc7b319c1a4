import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { useAtomValue } from '../../app/store';
import { currentUserAtom } from '../auth/atoms';
import { ChangePasswordForm } from './ChangePasswordForm';
import { DisplayNameForm } from './DisplayNameForm';

/** My profile (spec 000 §2): display name and change password. */
export function ProfilePage() {
  const user = useAtomValue(currentUserAtom);
  if (user === null) return null;
  return (
    <Stack gap="6" maxW="3xl">
      <Stack gap="1">
        <Heading as="h1" size="2xl">
          My profile
        </Heading>
        <Text color="fg.muted">Signed in as {user.email}</Text>
      </Stack>
      <Card title="Display name" id="display-name-title">
        <DisplayNameForm user={user} />
      </Card>
      <Card title="Change password" id="change-password-title">
        <ChangePasswordForm />
      </Card>
    </Stack>
  );
}

function Card({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '5', md: '8' }}
    >
      <Heading as="h2" size="lg" id={id} mb="5">
        {title}
      </Heading>
      {children}
    </Box>
  );
}
