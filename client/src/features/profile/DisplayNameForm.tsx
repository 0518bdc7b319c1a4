import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { limits, messages, type User } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { useSetAtom } from '../../app/store';
import { notify } from '../../components/ui/toaster';
import { authApi } from '../auth/api';
import { authAtom, signedIn } from '../auth/atoms';
import { profileApi } from './api';

/** Display name (spec 000 §2, §8): saved, announced by a toast, and the user reloaded. */
export function DisplayNameForm({ user }: { user: User }) {
  const setAuth = useSetAtom(authAtom);
  const [nickname, setNickname] = useState(user.nickname ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An empty name clears it: the top bar then shows the first name, else the e-mail (spec 000 §2).
    setProblem(null);
    setBusy(true);
    const saved = await profileApi.changeNickname(nickname).then(
      (answer) => answer.status,
      () => false,
    );
    setBusy(false);
    if (!saved) {
      notify.error(messages.nickname.failed);
      return;
    }
    notify.success(messages.nickname.saved);
    try {
      setAuth(signedIn(await authApi.currentUser()));
    } catch (error) {
      // Saved all the same: the top bar catches up with the next load of the user.
      console.warn('[profile] could not reload the user', error);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="display-name-title">
      <Stack gap="4" align="flex-start">
        <Field.Root invalid={problem !== null} maxW="md">
          <Field.Label>Display name</Field.Label>
          <Input
            name="nickname"
            autoComplete="nickname"
            maxLength={limits.nameMax}
            value={nickname}
            onChange={(event) => setNickname(event.target.value)}
          />
          {problem !== null ? (
            <Field.ErrorText>{problem}</Field.ErrorText>
          ) : (
            <Field.HelperText>
              Shown in the top bar instead of your name. Leave it empty to show your first name.
            </Field.HelperText>
          )}
        </Field.Root>
        <Button type="submit" loading={busy} loadingText="Saving...">
          Save display name
        </Button>
      </Stack>
    </form>
  );
}
