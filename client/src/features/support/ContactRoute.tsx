import { Box } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { useAtomValue } from '../../app/store';
import { AuthenticatingScreen } from '../../components/AuthenticatingScreen';
import { PublicCard, PublicPage } from '../../components/PublicPage';
import { authAtom } from '../auth/atoms';
import { AppLayoutFrame } from '../shell/AppLayout';
import { supportCalls } from './api';
import { ContactPage } from './ContactPage';

/**
 * /contact for everyone: in the app shell when signed in, on the public frame otherwise (a user whose
 * account expired cannot sign in, and is told to contact us).
 */
export function ContactRoute() {
  const auth = useAtomValue(authAtom);
  const [address, setAddress] = useState<string | null>(null);
  useEffect(() => {
    // Without it the page still works: the form is the way to reach us, the address a courtesy.
    supportCalls.contact().then(
      ({ email }) => setAddress(email),
      () => setAddress(null),
    );
  }, []);
  if (auth.status === 'fetching') return <AuthenticatingScreen />;
  const page = <ContactPage user={auth.user} send={supportCalls.send} address={address} />;
  if (auth.user === null)
    return (
      <PublicPage maxW="2xl">
        <PublicCard>{page}</PublicCard>
      </PublicPage>
    );
  return (
    <AppLayoutFrame user={auth.user}>
      <Box
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="xs"
        p={{ base: '4', md: '8' }}
        maxW="3xl"
        mx="auto"
      >
        {page}
      </Box>
    </AppLayoutFrame>
  );
}
