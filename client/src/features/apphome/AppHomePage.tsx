import { Box, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import type { User } from '@insight/shared';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage } from '../../api/request';
import { useSetAtom } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { Logo } from '../../components/Logo';
import { authApi } from '../auth/api';
import { authAtom, signedIn } from '../auth/atoms';
import { appHomeCalls } from './api';
import { appFlavorAtom } from './atoms';
import { MobileHome } from './MobileHome';
import { postToNative } from './native';

type State = { kind: 'signingIn' } | { kind: 'ready'; user: User } | { kind: 'failed'; message: string };

const missingId = 'This page opens from the Insight app: the app id is missing.';
const appLoginFailed = 'Could not sign you in from the app. Please try again.';

/**
 * The mobile app's web view (spec 000 §1, §2; spec 002 §7.8): signs in with the app id from ?id=,
 * learns the user's app flavour so its socket joins the app's room, then shows the mobile home and
 * tells the native app what happens (README "Mobile web view messages").
 */
export function AppHomePage() {
  const [search] = useSearchParams();
  const appId = search.get('id')?.trim() ?? '';
  const setAuth = useSetAtom(authAtom);
  const setFlavor = useSetAtom(appFlavorAtom);
  const [state, setState] = useState<State>(
    appId === '' ? { kind: 'failed', message: missingId } : { kind: 'signingIn' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (appId === '') {
      postToNative({ type: 'login_failed', msg: missingId });
      return;
    }
    const signIn = async () => {
      const user = await authApi.appLogin(appId);
      // Before the user is set: the socket that the sign-in opens already names the app.
      const app = await appHomeCalls.myApp().catch(() => null);
      setFlavor(app?.flavor ?? null);
      setAuth(signedIn(user));
      setState({ kind: 'ready', user });
      postToNative({ type: 'ready', user_id: user.user_id, app: app?.flavor ?? null });
    };
    signIn().catch((error: unknown) => {
      const message = errorMessage(error, appLoginFailed);
      setState({ kind: 'failed', message });
      postToNative({ type: 'login_failed', msg: message });
    });
  }, [appId, setAuth, setFlavor]);

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
        position="sticky"
        top="0"
        zIndex="sticky"
      >
        <Box w="full" maxW="lg" mx="auto">
          <Logo size={24} />
        </Box>
      </Flex>
      <Box as="main" flex="1" px="4" py="5" w="full" maxW="lg" mx="auto">
        {state.kind === 'signingIn' && (
          <Stack align="center" gap="3" py="16" role="status">
            <Spinner color="insight.green" size="lg" />
            <Text color="fg.muted">Signing in...</Text>
          </Stack>
        )}
        {state.kind === 'failed' && <FormProblem message={state.message} />}
        {state.kind === 'ready' && <MobileHome user={state.user} />}
      </Box>
    </Flex>
  );
}
