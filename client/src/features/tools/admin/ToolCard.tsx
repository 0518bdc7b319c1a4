import { Alert, Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ServerMessage } from '../../../components/ServerMessage';

/** The frame of an admin utility: its title, what it does, its form. */
export function ToolCard({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  return (
    <Box
      as="section"
      aria-label={title}
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Stack gap="1" mb="5">
        <Heading as="h2" size="md">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {intro}
        </Text>
      </Stack>
      {children}
    </Box>
  );
}

/** A success answer, announced when it appears. */
export function ToolSuccess({ message, children }: { message: string | null; children?: ReactNode }) {
  if (message === null) return null;
  return (
    <Alert.Root status="success" variant="subtle" size="sm" role="status">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title fontWeight="medium">
          <ServerMessage message={message} />
        </Alert.Title>
        {children}
      </Alert.Content>
    </Alert.Root>
  );
}

/** Digits only, as a user id field accepts them. */
export const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 12);
