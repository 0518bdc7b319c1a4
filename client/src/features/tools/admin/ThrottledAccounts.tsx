import { Badge, Box, Button, Flex, Heading, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { waitText, type ThrottledList } from '@insight/shared';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '../../../api/request';
import { notify } from '../../../components/ui/toaster';
import { throttleCalls } from './api';

const loadFailed = 'Could not load the throttled sign-ins. Please try again.';
const clearFailed = 'Could not clear the account. Please try again.';

type State =
  { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'loaded'; list: ThrottledList };

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Tools → "Throttled sign-ins" (system admins): the accounts with recent failed sign-ins, how long a
 * browser that never signed in to them waits now, and a button that clears an account's failures.
 */
export function ThrottledAccounts() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [clearing, setClearing] = useState<string | null>(null);

  const load = useCallback((signal?: AbortSignal) => {
    setState((previous) => (previous.kind === 'loaded' ? previous : { kind: 'loading' }));
    throttleCalls.list(signal).then(
      (list) => setState({ kind: 'loaded', list }),
      (error: unknown) => {
        if (signal?.aborted) return;
        setState({ kind: 'failed', message: errorMessage(error, loadFailed) });
      },
    );
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal);
    return () => controller.abort();
  }, [load]);

  async function clear(account: string) {
    setClearing(account);
    try {
      const answer = await throttleCalls.clear(account);
      notify.success(answer.msg ?? `Sign-in failures of ${account} cleared.`);
      load();
    } catch (error) {
      notify.error(errorMessage(error, clearFailed));
    } finally {
      setClearing(null);
    }
  }

  return (
    <Stack
      as="section"
      aria-labelledby="throttled-title"
      gap="4"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      shadow="xs"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Flex justify="space-between" align="flex-start" gap="3" wrap="wrap">
        <Box minW="0" flex="1">
          <Heading as="h2" size="md" id="throttled-title">
            Throttled sign-ins
          </Heading>
          {state.kind === 'loaded' ? (
            <Text color="fg.muted" fontSize="sm" mt="1">
              In the last {state.list.rules.window_minutes} minutes:{' '}
              {state.list.rules.per_account_and_address} failures to one account from one address make that
              address wait; {state.list.rules.per_address} from one address stop it; after{' '}
              {state.list.rules.per_account_before_delays} to one account from anywhere, each new try waits
              longer (at most {waitText(state.list.rules.max_delay_seconds)}), except from browsers that
              signed in to it before.
            </Text>
          ) : null}
        </Box>
        {state.kind === 'failed' ? null : (
          <Button size="sm" variant="outline" onClick={() => load()} loading={state.kind === 'loading'}>
            Refresh
          </Button>
        )}
      </Flex>

      {state.kind === 'loading' ? (
        <Stack gap="2" aria-label="Loading throttled sign-ins" aria-busy="true">
          <Skeleton height="8" />
          <Skeleton height="8" />
          <Skeleton height="8" />
        </Stack>
      ) : state.kind === 'failed' ? (
        <Stack gap="3" align="flex-start" role="alert">
          <Text color="fg.error">{state.message}</Text>
          <Button size="sm" onClick={() => load()}>
            Try again
          </Button>
        </Stack>
      ) : state.list.data.length === 0 ? (
        <Text color="fg.muted">
          No account has failed sign-ins in the last {state.list.rules.window_minutes} minutes.
        </Text>
      ) : (
        <Box overflowX="auto" maxW="100%">
          <Table.Root
            size="sm"
            aria-label="Accounts with failed sign-ins"
            css={{ '& td, & th': { px: '3' } }}
          >
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Account</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" hideBelow="md">
                  Failures
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end" hideBelow="md">
                  Addresses
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">Last failure</Table.ColumnHeader>
                <Table.ColumnHeader>Wait</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Box srOnly>Actions</Box>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {state.list.data.map((row) => (
                <Table.Row key={row.account}>
                  <Table.Cell maxW={{ base: '40', md: 'sm' }}>
                    <Text truncate title={row.account}>
                      {row.account}
                    </Text>
                    <Text hideFrom="md" fontSize="xs" color="fg.muted">
                      {row.failures} failures, {row.addresses} address{row.addresses === 1 ? '' : 'es'}
                    </Text>
                  </Table.Cell>
                  <Table.Cell textAlign="end" hideBelow="md">
                    {row.failures}
                  </Table.Cell>
                  <Table.Cell textAlign="end" hideBelow="md">
                    {row.addresses}
                  </Table.Cell>
                  <Table.Cell hideBelow="md" whiteSpace="nowrap">
                    {when(row.last_failure_at)}
                  </Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {row.wait_seconds > 0 ? (
                      <Badge colorPalette="orange">{waitText(row.wait_seconds)}</Badge>
                    ) : (
                      <Badge colorPalette="gray">none</Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Clear ${row.account}`}
                      loading={clearing === row.account}
                      disabled={clearing !== null && clearing !== row.account}
                      onClick={() => void clear(row.account)}
                    >
                      Clear
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
