import { Button, Field, HStack, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../api/request';
import { FormProblem } from '../../../components/FormProblem';
import { adminToolCalls } from './api';
import { digitsOnly, ToolCard, ToolSuccess } from './ToolCard';

/** User Orders by User ID (spec 002 §§2.4, 7.6): a message and a CSV of the user's positions and funds. */
export function UserOrders() {
  const [userId, setUserId] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [answer, setAnswer] = useState<{ msg: string; url: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setAnswer(null);
    const id = Number(userId);
    if (!userId || id <= 0) {
      setProblem('please set a user id');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setAnswer(await adminToolCalls.userOrders(id));
    } catch (error) {
      setProblem(errorMessage(error, 'unknown error'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ToolCard
      title="User Orders by User ID"
      intro="The position and fund history of one user's file, as a CSV file."
    >
      <form noValidate onSubmit={submit} aria-label="User orders">
        <Stack gap="4" maxW="md">
          <Field.Root required>
            <Field.Label>User id</Field.Label>
            <Input
              name="user"
              inputMode="numeric"
              value={userId}
              onChange={(event) => setUserId(digitsOnly(event.currentTarget.value))}
              autoComplete="off"
            />
          </Field.Root>
          <FormProblem message={problem} />
          <ToolSuccess message={answer?.msg ?? null}>
            {answer && (
              <Link href={answer.url} download fontWeight="semibold" color="brand.fg" mt="1">
                Download the orders (CSV)
              </Link>
            )}
          </ToolSuccess>
          <HStack>
            <Button type="submit" colorPalette="brand" loading={busy}>
              Get Orders
            </Button>
          </HStack>
        </Stack>
      </form>
    </ToolCard>
  );
}
