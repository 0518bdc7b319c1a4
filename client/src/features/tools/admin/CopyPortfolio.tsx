import { Alert, Button, Field, HStack, Input, Stack } from '@chakra-ui/react';
import { adminToolsMessages } from '@insight/shared';
import { useState, type FormEvent } from 'react';
import { ApiError, errorMessage } from '../../../api/request';
import { FormProblem } from '../../../components/FormProblem';
import { adminToolCalls } from './api';
import { digitsOnly, ToolCard, ToolSuccess } from './ToolCard';

/**
 * Copy portfolio from user to user (spec 002 §§2.2, 5, 7.6, 8): the whole file — funds, open and
 * closed positions, monitor settings — in one step. A target with a file is replaced only once the
 * admin confirms.
 */
export function CopyPortfolio() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);

  const copy = async (replace: boolean) => {
    setSuccess(null);
    setProblem(null);
    const a = Number(from);
    const b = Number(to);
    if (!from || !to || a <= 0 || b <= 0) {
      setProblem(adminToolsMessages.missingUsers);
      return;
    }
    setBusy(true);
    try {
      setSuccess((await adminToolCalls.copyFile(a, b, replace)).msg);
      setConfirming(false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setConfirming(true);
      else setProblem(errorMessage(error, adminToolsMessages.copyUnknown));
    } finally {
      setBusy(false);
    }
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void copy(false);
  };

  return (
    <ToolCard title="Copy portfolio from user to user" intro="Copies one user's whole file to another user.">
      <form noValidate onSubmit={submit} aria-label="Copy a portfolio">
        <Stack gap="4" maxW="md">
          <HStack gap="3" align="start" flexWrap={{ base: 'wrap', sm: 'nowrap' }}>
            <Field.Root required>
              <Field.Label>From user id</Field.Label>
              <Input
                name="from"
                inputMode="numeric"
                value={from}
                onChange={(event) => {
                  setFrom(digitsOnly(event.currentTarget.value));
                  setConfirming(false);
                }}
                autoComplete="off"
              />
            </Field.Root>
            <Field.Root required>
              <Field.Label>To user id</Field.Label>
              <Input
                name="to"
                inputMode="numeric"
                value={to}
                onChange={(event) => {
                  setTo(digitsOnly(event.currentTarget.value));
                  setConfirming(false);
                }}
                autoComplete="off"
              />
            </Field.Root>
          </HStack>
          {confirming && (
            <Alert.Root
              status="warning"
              variant="subtle"
              size="sm"
              role="alertdialog"
              aria-label="Replace the target's file"
            >
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>User {to} already has a portfolio file.</Alert.Title>
                <Alert.Description>
                  Replacing it deletes that file for good. Replace it with a copy of user {from}&apos;s file?
                </Alert.Description>
                <HStack mt="3" gap="2">
                  <Button size="sm" colorPalette="red" loading={busy} onClick={() => void copy(true)}>
                    Replace the file
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
                    Keep it
                  </Button>
                </HStack>
              </Alert.Content>
            </Alert.Root>
          )}
          <FormProblem message={problem} />
          <ToolSuccess message={success} />
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy && !confirming} disabled={confirming}>
              Copy Portfolio
            </Button>
          </HStack>
        </Stack>
      </form>
    </ToolCard>
  );
}
