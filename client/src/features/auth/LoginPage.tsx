import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { messages } from '@insight/shared';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { PublicCard, PublicPage } from '../../components/PublicPage';
import { CheckCircleIcon } from '../../components/ui/icons';
import { ForgotPasswordForm } from './ForgotPasswordForm';
import { LoginForm } from './LoginForm';

/** Spec 000 §4: the login page is idle or busy, or shows that the reset mail was sent. */
type Mode = 'login' | 'forgot' | 'sent';

const titles: Record<Mode, string> = {
  login: 'Sign in to Insight',
  forgot: 'Forgot your password?',
  sent: 'Check your inbox',
};

export function LoginPage() {
  const [mode, setMode] = useState<Mode>('login');
  const [email, setEmail] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  // The control that switched the mode is gone: move keyboard focus to the new title.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    heading.current?.focus();
  }, [mode]);

  return (
    <PublicPage>
      <Stack gap="6">
        <PublicCard>
          <Stack gap="6">
            <Heading as="h1" size="2xl" textAlign="center" ref={heading} tabIndex={-1} outline="none">
              {titles[mode]}
            </Heading>
            {mode === 'login' && (
              <LoginForm email={email} onEmailChange={setEmail} onForgotPassword={() => setMode('forgot')} />
            )}
            {mode === 'forgot' && (
              <ForgotPasswordForm
                email={email}
                onEmailChange={setEmail}
                onSent={() => setMode('sent')}
                onBack={() => setMode('login')}
              />
            )}
            {mode === 'sent' && <ResetMailSent onBack={() => setMode('login')} />}
          </Stack>
        </PublicCard>
        {mode === 'login' && (
          <Text fontSize="sm" textAlign="center">
            New to Insight?{' '}
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to="/signup">Create an account</RouterLink>
            </Link>
          </Text>
        )}
        <Disclaimer />
      </Stack>
    </PublicPage>
  );
}

function ResetMailSent({ onBack }: { onBack: () => void }) {
  return (
    <Stack gap="5" align="center" textAlign="center" role="status">
      <Box color="brand.fg" fontSize="4xl" lineHeight="0">
        <CheckCircleIcon />
      </Box>
      <Text fontSize="lg">{messages.forgotPassword.sent}</Text>
      <Link asChild color="brand.fg" fontWeight="medium">
        <button type="button" onClick={onBack}>
          Back to sign in
        </button>
      </Link>
    </Stack>
  );
}

/** Spec 000 §1: what the product is not, and who may use it. */
function Disclaimer() {
  return (
    <Text as="aside" fontSize="xs" color="fg.muted" textAlign="center" lineHeight="tall" px="2">
      Insight does not generate recommendations. All recommendation data comes from professional analysts and
      market data providers. Data is near real time and may differ slightly from real-time sources. You must
      be over 18 to use Insight, and by signing in you agree to the{' '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/terms">Terms</RouterLink>
      </Link>{' '}
      and{' '}
      <Link asChild color="brand.fg" textDecoration="underline">
        <RouterLink to="/terms#eula">EULA</RouterLink>
      </Link>
      .
    </Text>
  );
}
