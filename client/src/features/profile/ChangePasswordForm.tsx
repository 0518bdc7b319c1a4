import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { limits, messages, newPasswordProblem } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { notify } from '../../components/ui/toaster';
import { profileApi } from './api';

const currentRequired = 'Please enter your current password.';

/** Change password (spec 000 §5, §7, §8): the shared rule, then the server's answer. */
export function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = current === '' ? currentRequired : newPasswordProblem(newPassword, confirm);
    setProblem(found);
    if (found !== null) return;
    setBusy(true);
    try {
      const answer = await profileApi.changePassword(current, newPassword);
      if (answer.status) {
        notify.success(messages.password.saved);
        setCurrent('');
        setNewPassword('');
        setConfirm('');
      } else {
        setProblem(answer.msg ?? messages.nickname.failed);
      }
    } catch (error) {
      setProblem(errorMessage(error, messages.nickname.failed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="change-password-title">
      <Stack gap="5" maxW="md">
        <Field.Root invalid={problem === currentRequired}>
          <Field.Label>Current password</Field.Label>
          <Input
            type="password"
            name="current-password"
            autoComplete="current-password"
            maxLength={limits.passwordMax}
            value={current}
            onChange={(event) => setCurrent(event.target.value)}
          />
        </Field.Root>
        <NewPasswordFields
          newPassword={newPassword}
          confirm={confirm}
          onNewPasswordChange={setNewPassword}
          onConfirmChange={setConfirm}
          newLabel="New password"
          confirmLabel="Confirm new password"
        />
        <FormProblem message={problem} />
        <Button type="submit" alignSelf="flex-start" loading={busy} loadingText="Saving...">
          Change password
        </Button>
      </Stack>
    </form>
  );
}
