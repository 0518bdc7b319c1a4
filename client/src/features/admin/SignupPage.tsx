import { Box, Button, Checkbox, Heading, Link, Stack, Text } from '@chakra-ui/react';
import {
  accountApi,
  isValidEmail,
  limits,
  messages,
  newPasswordProblem,
  statusBodySchema,
} from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { api, errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { LabelledInput } from '../../components/LabelledInput';
import { PersonNameFields } from '../../components/PersonNameFields';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PublicCard, PublicPage } from '../../components/PublicPage';
import { CheckCircleIcon } from '../../components/ui/icons';

export const consentMessages = {
  over18: 'You must be over 18 to use Insight.',
  terms: 'Please accept the Terms and the EULA.',
  names: 'Please enter your first and last name',
} as const;

/**
 * Sign-up (spec 000 §1, §5; spec 002 §7.2 `account_and_user_signup`): an account on trial and its
 * first user. The visitor confirms being over 18 and accepts the Terms and the EULA.
 */
export function SignupPage() {
  const [form, setForm] = useState({ first_name: '', last_name: '', email: '', account_name: '' });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [over18, setOver18] = useState(false);
  const [terms, setTerms] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const set = (field: keyof typeof form) => (event: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found =
      form.first_name.trim() === '' || form.last_name.trim() === ''
        ? consentMessages.names
        : !isValidEmail(form.email)
          ? messages.login.invalidEmail
          : (newPasswordProblem(password, confirm) ??
            (!over18 ? consentMessages.over18 : !terms ? consentMessages.terms : null));
    setProblem(found);
    if (found) return;
    setBusy(true);
    try {
      await api.post(
        accountApi.signup,
        {
          signupData: {
            ...form,
            email: form.email.trim(),
            password,
            ...(form.account_name.trim() === '' ? { account_name: undefined } : {}),
          },
        },
        { schema: statusBodySchema, autoLogin: false },
      );
      setDone(true);
    } catch (error) {
      setProblem(errorMessage(error, messages.register.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicPage maxW="lg">
      <PublicCard>
        {done ? (
          <Stack gap="5" align="center" textAlign="center" role="status">
            <Box color="brand.fg" fontSize="4xl" lineHeight="0">
              <CheckCircleIcon />
            </Box>
            <Heading as="h1" size="xl">
              {messages.register.created}
            </Heading>
            <Text>Your trial has started. Sign in with your e-mail and password.</Text>
            <Button asChild>
              <RouterLink to="/login">Sign in</RouterLink>
            </Button>
          </Stack>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} aria-labelledby="signup-title">
            <Stack gap="5">
              <Heading as="h1" size="2xl" textAlign="center" id="signup-title">
                Create your account
              </Heading>
              <PersonNameFields
                firstName={form.first_name}
                lastName={form.last_name}
                onFirstNameChange={(first_name) => setForm((f) => ({ ...f, first_name }))}
                onLastNameChange={(last_name) => setForm((f) => ({ ...f, last_name }))}
                ownName
              />
              <LabelledInput
                label="Email"
                required
                name="email"
                type="email"
                autoComplete="email"
                maxLength={limits.emailMax}
                value={form.email}
                onChange={set('email')}
              />
              <LabelledInput
                label="Company or account name"
                helper="Optional: your name is used otherwise."
                name="account_name"
                autoComplete="organization"
                maxLength={limits.nameMax}
                value={form.account_name}
                onChange={set('account_name')}
              />
              <NewPasswordFields
                newPassword={password}
                confirm={confirm}
                onNewPasswordChange={setPassword}
                onConfirmChange={setConfirm}
                newLabel="Password"
                confirmLabel="Confirm password"
              />
              <Stack gap="3">
                <Checkbox.Root
                  checked={over18}
                  onCheckedChange={(d) => setOver18(d.checked === true)}
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput name="over18" />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label>I am over 18 years old</Checkbox.Label>
                </Checkbox.Root>
                <Checkbox.Root
                  checked={terms}
                  onCheckedChange={(d) => setTerms(d.checked === true)}
                  alignItems="flex-start"
                >
                  <Checkbox.HiddenInput name="terms" />
                  <Checkbox.Control mt="0.5" />
                  <Checkbox.Label>
                    I accept the{' '}
                    <Link asChild color="brand.fg" textDecoration="underline">
                      <RouterLink to="/terms" target="_blank">
                        Terms
                      </RouterLink>
                    </Link>{' '}
                    and the{' '}
                    <Link asChild color="brand.fg" textDecoration="underline">
                      <RouterLink to="/terms#eula" target="_blank">
                        EULA
                      </RouterLink>
                    </Link>
                  </Checkbox.Label>
                </Checkbox.Root>
              </Stack>
              <FormProblem message={problem} />
              <Button type="submit" size="lg" loading={busy} loadingText="Creating...">
                Create account
              </Button>
              <Text fontSize="sm" textAlign="center" color="fg.muted">
                Already have an account?{' '}
                <Link asChild color="brand.fg" fontWeight="medium">
                  <RouterLink to="/login">Sign in</RouterLink>
                </Link>
              </Text>
            </Stack>
          </form>
        )}
      </PublicCard>
    </PublicPage>
  );
}
