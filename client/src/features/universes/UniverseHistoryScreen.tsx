import {
  Badge,
  Box,
  Button,
  Field,
  Flex,
  Heading,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import type { UniverseSummary } from '@insight/shared/market/schemas';
import { universeLimits, universeMessages, type UniverseHistory } from '@insight/shared/universes/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { universeCalls } from './api';
import { formatUniverseDate } from './rights';
import { DateRangeFields } from '../../components/DateRangeFields';

const day = (date: Date) => date.toISOString().slice(0, 10);
const listFailed = 'Could not load the universes. Please try again.';
const historyFailed = 'Could not load the history. Please try again.';

type Result =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'ready'; history: UniverseHistory }
  | { kind: 'failed'; message: string };

function formatMoment(iso: string) {
  const date = new Date(iso);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${formatUniverseDate(iso)} ${two(date.getHours())}:${two(date.getMinutes())}`;
}

/**
 * Universe symbols history (admins, spec 002 §2.4): which symbols entered and left a universe
 * between two days, newest first, with how many it held at each end.
 */
export default function UniverseHistoryScreen() {
  const [universes, setUniverses] = useState<UniverseSummary[] | null>(null);
  const [listProblem, setListProblem] = useState<string | null>(null);
  const [universeId, setUniverseId] = useState('');
  const [to, setTo] = useState(() => day(new Date()));
  const [from, setFrom] = useState(() =>
    day(new Date(Date.now() - universeLimits.historyDefaultDays * 86_400_000)),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<Result>({ kind: 'idle' });

  useEffect(() => {
    const controller = new AbortController();
    universeCalls.list(controller.signal).then(
      (list) => {
        setUniverses(list);
        setUniverseId((current) => current || String(list[0]?.id ?? ''));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setListProblem(errorMessage(error, listFailed));
      },
    );
    return () => controller.abort();
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (universeId === '' || from === '' || to === '' || from > to) {
      setProblem(universeMessages.historyRange);
      return;
    }
    setProblem(null);
    setResult({ kind: 'loading' });
    try {
      setResult({ kind: 'ready', history: await universeCalls.history(Number(universeId), from, to) });
    } catch (error) {
      setResult({ kind: 'failed', message: errorMessage(error, historyFailed) });
    }
  }

  const entered =
    result.kind === 'ready' ? result.history.changes.filter((c) => c.change === 'entered').length : 0;
  const left = result.kind === 'ready' ? result.history.changes.length - entered : 0;

  return (
    <Stack gap="5" as="section" aria-labelledby="universe-history-title">
      <Box>
        <Heading as="h1" id="universe-history-title" size="2xl" letterSpacing="tight">
          Universe symbols history
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          Which symbols entered and left a universe, and when.
        </Text>
      </Box>

      <Box
        asChild
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        shadow="xs"
        p={{ base: '4', md: '5' }}
      >
        <form onSubmit={(event) => void submit(event)} noValidate aria-label="Universe symbols history">
          <Stack gap="4">
            <Flex gap="3" wrap="wrap" align="end">
              <Field.Root flex="2" minW="48">
                <Field.Label>Universe</Field.Label>
                {universes === null && listProblem === null ? (
                  <Skeleton h="10" w="full" rounded="md" />
                ) : (
                  <NativeSelect.Root>
                    <NativeSelect.Field
                      name="universe"
                      value={universeId}
                      onChange={(event) => setUniverseId(event.currentTarget.value)}
                    >
                      {(universes ?? []).map((universe) => (
                        <option key={universe.id} value={universe.id}>
                          {universe.name}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                )}
              </Field.Root>
              <DateRangeFields from={from} to={to} onFrom={setFrom} onTo={setTo} />
              <Button type="submit" loading={result.kind === 'loading'} disabled={universeId === ''}>
                Show history
              </Button>
            </Flex>
            <FormProblem message={problem ?? listProblem} />
          </Stack>
        </form>
      </Box>

      {result.kind === 'loading' && (
        <Skeleton h="48" rounded="xl" aria-busy="true" aria-label="Loading the history" />
      )}
      {result.kind === 'failed' && <FormProblem message={result.message} />}
      {result.kind === 'ready' && (
        <Stack gap="3">
          <Text fontSize="sm" color="fg.muted" role="status">
            {result.history.name}: {result.history.count_at_from} symbols on{' '}
            {formatUniverseDate(`${result.history.from}T12:00:00`)}, {result.history.count_at_to} on{' '}
            {formatUniverseDate(`${result.history.to}T12:00:00`)} · {entered} entered, {left} left
          </Text>
          {result.history.changes.length === 0 ? (
            <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="xl" p="6" textAlign="center">
              <Text color="fg.muted">No symbol entered or left {result.history.name} in these days.</Text>
            </Box>
          ) : (
            <Box
              bg="bg.panel"
              borderWidth="1px"
              borderColor="border"
              rounded="xl"
              overflowX="auto"
              maxH="xl"
              overflowY="auto"
            >
              <Table.Root size="sm" stickyHeader aria-label={`Changes of ${result.history.name}`}>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>When</Table.ColumnHeader>
                    <Table.ColumnHeader>Symbol</Table.ColumnHeader>
                    <Table.ColumnHeader>Change</Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {result.history.changes.map((change) => (
                    <Table.Row key={`${change.at}-${change.symbol}-${change.change}`}>
                      <Table.Cell whiteSpace="nowrap">{formatMoment(change.at)}</Table.Cell>
                      <Table.Cell fontWeight="medium">{change.symbol}</Table.Cell>
                      <Table.Cell>
                        <Badge
                          size="sm"
                          variant="subtle"
                          colorPalette={change.change === 'entered' ? 'brand' : 'danger'}
                        >
                          {change.change === 'entered' ? 'Entered' : 'Left'}
                        </Badge>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
          )}
        </Stack>
      )}
    </Stack>
  );
}
