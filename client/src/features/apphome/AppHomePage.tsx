import { Box, Flex, Heading, Spinner, Stack, Text } from '@chakra-ui/react';
import type { User } from '@insight/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/request';
import { useSetAtom } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { Logo } from '../../components/Logo';
import { ClockIcon } from '../../components/ui/icons';
import { authApi } from '../auth/api';
import { authAtom, signedIn } from '../auth/atoms';
import { displayName } from '../shell/displayName';

type State = { kind: 'signingIn' } | { kind: 'ready'; user: User } | { kind: 'failed'; message: string };

const missingId = 'This page opens from the Insight app: the app id is missing.';
const appLoginFailed = 'Could not sign you in from the app. Please try again.';

/**
 * The mobile app's web view (spec 000 §1, §2): signs in with the app id from ?id=, then shows the
 * mobile home. Its top news and top ratings arrive with a later issue.
 */
export function AppHomePage() {
  const [search] = useSearchParams();
  const appId = search.get('id')?.trim() ?? '';
  const setAuth = useSetAtom(authAtom);
  const [state, setState] = useState<State>(
    appId === '' ? { kind: 'failed', message: missingId } : { kind: 'signingIn' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (appId === '' || started.current) return;
    started.current = true;
    authApi.appLogin(appId).then(
      (user) => {
        setAuth(signedIn(user));
        setState({ kind: 'ready', user });
      },
      (error: unknown) => setState({ kind: 'failed', message: errorMessage(error, appLoginFailed) }),
    );
  }, [appId, setAuth]);

  return (
    <Flex direction="column" minH="100dvh" bg="bg.subtle">
      <Flex
        as="header"
        bg="bg.panel"
        borderBottomWidth="1px"
        borderColor="border"
        px="4"
        py="3"
        align="center"
      >
        <Logo size={24} />
      </Flex>
      <Box as="main" flex="1" px="4" py="6" w="full" maxW="lg" mx="auto">
        {state.kind === 'signingIn' && (
          <Stack align="center" gap="3" py="16" role="status">
            <Spinner color="insight.green" size="lg" />
            <Text color="fg.muted">Signing in...</Text>
          </Stack>
        )}
        {state.kind === 'failed' && <FormProblem message={state.message} />}
        {state.kind === 'ready' && (
          <Stack gap="5">
            <Heading as="h1" size="xl">
              Welcome, {displayName(state.user)}
            </Heading>
            <Stack
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              rounded="xl"
              p="6"
              align="center"
              textAlign="center"
              gap="3"
            >
              <Box
                colorPalette="brand"
                bg="colorPalette.subtle"
                color="colorPalette.fg"
                rounded="full"
                p="3"
                fontSize="2xl"
                lineHeight="0"
              >
                <ClockIcon />
              </Box>
              <Heading as="h2" size="md">
                Top news and top ratings
              </Heading>
              <Text color="fg.muted">
                They are not available yet: they arrive in a later release of Insight.
              </Text>
            </Stack>
          </Stack>
        )}
      </Box>
    </Flex>
  );
}
