import { Button, Checkbox, Field, Input, Link, Stack } from '@chakra-ui/react';
import { isValidEmail, limits, loginProblem } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { useSetAtom } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { MessageDialog } from '../../components/MessageDialog';
import { authApi } from './api';
import { authAtom, signedIn } from './atoms';

const signInFailed = 'Sign in failed. Please try again.';

interface LoginFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onForgotPassword: () => void;
}

/**
 * Sign in (spec 000 §4, §5, §8): email and password checked by the shared rule, a busy button while
 * the call runs, and the server's refusal in a dialog. Success sets the user; the login route's
 * guard then takes the user where the post-login rules say.
 */
export function LoginForm({ email, onEmailChange, onForgotPassword }: LoginFormProps) {
  const setAuth = useSetAtom(authAtom);
  const [password, setPassword] = useState('');
  const [rememberMe, setRememberMe] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = loginProblem(email, password);
    setProblem(found);
    if (found !== null || busy) return;
    setBusy(true);
    try {
      const user = await authApi.login(email, password, rememberMe);
      setAuth(signedIn(user));
    } catch (error) {
      setFailure(errorMessage(error, signInFailed));
      setBusy(false);
    }
  }

  const emailInvalid = problem !== null && !isValidEmail(email);
  const passwordInvalid = problem !== null && password === '';

  return (
    <>
      <form noValidate onSubmit={submit} aria-label="Sign in">
        <Stack gap="5">
          <Field.Root invalid={emailInvalid}>
            <Field.Label>Email</Field.Label>
            <Input
              type="email"
              name="email"
              autoComplete="username"
              inputMode="email"
              maxLength={limits.emailMax}
              value={email}
              onChange={(event) => onEmailChange(event.target.value)}
              aria-describedby={problem ? 'login-problem' : undefined}
            />
          </Field.Root>
          <Field.Root invalid={passwordInvalid}>
            <Field.Label>Password</Field.Label>
            <Input
              type="password"
              name="password"
              autoComplete="current-password"
              maxLength={limits.passwordMax}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={problem ? 'login-problem' : undefined}
            />
          </Field.Root>
          <Stack direction="row" justify="space-between" align="center" wrap="wrap" gap="3">
            <Checkbox.Root
              checked={rememberMe}
              onCheckedChange={(details) => setRememberMe(details.checked === true)}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Remember me</Checkbox.Label>
            </Checkbox.Root>
            <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium">
              <button type="button" onClick={onForgotPassword}>
                Forgot password?
              </button>
            </Link>
          </Stack>
          <FormProblem id="login-problem" message={problem} />
          <Button type="submit" size="lg" loading={busy} loadingText="Signing in...">
            Sign in
          </Button>
        </Stack>
      </form>
      <MessageDialog title="Could not sign you in" message={failure} onClose={() => setFailure(null)} />
    </>
  );
}
