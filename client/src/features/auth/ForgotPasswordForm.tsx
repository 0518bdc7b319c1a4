import { Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { isValidEmail, limits, messages } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { authApi } from './api';

const sendFailed = 'Could not send the reset email. Please try again.';

interface ForgotPasswordFormProps {
  email: string;
  onEmailChange: (email: string) => void;
  onSent: () => void;
  onBack: () => void;
}

/** Forgot password: the email alone, then the reset mail (spec 000 §5, §8; 002 §7.2). */
export function ForgotPasswordForm({ email, onEmailChange, onSent, onBack }: ForgotPasswordFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidEmail(email)) {
      setProblem(messages.forgotPassword.invalidEmail);
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await authApi.sendPasswordResetMail(email);
      if (answer.status) onSent();
      else setProblem(answer.msg ?? sendFailed);
    } catch (error) {
      setProblem(errorMessage(error, sendFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Reset your password">
      <Stack gap="5">
        <Text color="fg.muted">
          Enter the email of your account and we will send you a link to choose a new password.
        </Text>
        <Field.Root invalid={problem !== null}>
          <Field.Label>Email</Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="username"
            inputMode="email"
            maxLength={limits.emailMax}
            value={email}
            onChange={(event) => onEmailChange(event.target.value)}
            aria-describedby={problem ? 'forgot-problem' : undefined}
          />
        </Field.Root>
        <FormProblem id="forgot-problem" message={problem} />
        <Button type="submit" size="lg" loading={busy} loadingText="Sending...">
          Send reset email
        </Button>
        <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium" alignSelf="center">
          <button type="button" onClick={onBack}>
            Back to sign in
          </button>
        </Link>
      </Stack>
    </form>
  );
}
