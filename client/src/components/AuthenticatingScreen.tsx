import { Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { CopyrightFooter } from './CopyrightFooter';
import { LogoMark } from './Logo';

/** Spec 000 §2: shown while the current user loads. */
export function AuthenticatingScreen() {
  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Flex flex="1" align="center" justify="center" px="6">
        <Stack align="center" gap="5" role="status" aria-live="polite">
          <LogoMark size={48} />
          <Spinner size="lg" color="insight.green" borderWidth="3px" />
          <Text fontSize="lg" fontWeight="medium" color="fg.muted">
            Authenticating...
          </Text>
        </Stack>
      </Flex>
      <CopyrightFooter />
    </Flex>
  );
}
