import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { messages, newPasswordProblem } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { PublicCard, PublicPage } from '../../components/PublicPage';
import { CheckCircleIcon } from '../../components/ui/icons';
import { authApi } from './api';

/** Spec 002 §2.10, §4, §8: set a new password with the code from the reset mail. */
export function ResetPasswordPage() {
  const { code = '' } = useParams();
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = newPasswordProblem(newPassword, confirm);
    setProblem(found);
    if (found !== null) return;
    setBusy(true);
    try {
      const answer = await authApi.resetPassword(code, newPassword);
      if (answer.status) setDone(true);
      else setProblem(answer.msg ?? messages.password.resetFailed);
    } catch (error) {
      setProblem(errorMessage(error, messages.password.resetFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <PublicPage>
      <PublicCard>
        {done ? (
          <Stack gap="5" align="center" textAlign="center" role="status">
            <Text color="brand.fg" fontSize="4xl" lineHeight="0">
              <CheckCircleIcon />
            </Text>
            <Heading as="h1" size="xl">
              {messages.password.resetDone}
            </Heading>
            <Link asChild color="brand.fg" fontWeight="medium">
              <RouterLink to="/login">Go to sign in</RouterLink>
            </Link>
          </Stack>
        ) : (
          <form noValidate onSubmit={submit} aria-labelledby="reset-title">
            <Stack gap="6">
              <Heading as="h1" size="2xl" textAlign="center" id="reset-title">
                Reset password
              </Heading>
              <NewPasswordFields
                newPassword={newPassword}
                confirm={confirm}
                onNewPasswordChange={setNewPassword}
                onConfirmChange={setConfirm}
                newLabel="New Password"
                confirmLabel="Confirm New Password"
              />
              <FormProblem message={problem} />
              <Button type="submit" size="lg" loading={busy} loadingText="Saving...">
                Reset password
              </Button>
              <Link asChild fontSize="sm" color="brand.fg" fontWeight="medium" alignSelf="center">
                <RouterLink to="/login">Back to sign in</RouterLink>
              </Link>
            </Stack>
          </form>
        )}
      </PublicCard>
    </PublicPage>
  );
}
