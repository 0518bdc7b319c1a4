import {
  Badge,
  Box,
  Button,
  CloseButton,
  Dialog,
  Flex,
  Link,
  Portal,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@chakra-ui/react';
import { gradeLabel } from '@insight/shared';
import type { AnalystPastAlerts, PastPerformanceRow } from '@insight/shared/analysts/schemas';
import { DateTime } from 'luxon';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../api/request';
import { useAtom } from '../../app/store';
import { AnalystBacktest } from '../backtest/AnalystBacktest';
import { analystCalls } from './api';
import { analystDetailsAtom, type AnalystDetailsRequest } from './atoms';
import { byPublishedDescending, summarizePastPerformance } from './summary';

export const pastPerformanceFailed = "The analyst's past performance could not be loaded. Please try again.";

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; answer: AnalystPastAlerts }
  | { state: 'failed'; message: string };

/** Spec 000 §2 "Analyst details dialog": opened from an alert's 'see details'. */
export function AnalystDetailsDialog() {
  const [request, setRequest] = useAtom(analystDetailsAtom);
  // Focus starts on Close, at the top: the table's first link would scroll the dialog on a phone.
  const closeRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog.Root
      open={request !== null}
      onOpenChange={(details) => {
        if (!details.open) setRequest(null);
      }}
      placement="center"
      scrollBehavior="outside"
      size="xl"
      initialFocusEl={() => closeRef.current}
    >
      <Portal>
        <Dialog.Backdrop />
        {/* Centred while it fits; a taller dialog starts at the top instead of above the screen. */}
        <Dialog.Positioner px={{ base: '0', md: '4' }} alignItems="safe center">
          {/* The spec's max width 870; a phone gets the whole screen. */}
          <Dialog.Content
            maxW={{ base: '100vw', md: '870px' }}
            w="full"
            my={{ base: '0', md: '6' }}
            minH={{ base: '100dvh', md: 'auto' }}
            rounded={{ base: 'none', md: 'l3' }}
          >
            {request && <AnalystDetails key={`${request.alertId}:${request.analyst}`} request={request} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton ref={closeRef} size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function AnalystDetails({ request }: { request: AnalystDetailsRequest }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoad({ state: 'loading' });
    analystCalls
      .pastAlerts(
        { alertId: request.alertId, analyst: request.analyst, symbol: request.symbol },
        controller.signal,
      )
      .then(
        (answer) => setLoad({ state: 'loaded', answer }),
        (error: unknown) => {
          if (!controller.signal.aborted)
            setLoad({ state: 'failed', message: errorMessage(error, pastPerformanceFailed) });
        },
      );
    return () => controller.abort();
  }, [request.alertId, request.analyst, request.symbol, attempt]);

  const sector = load.state === 'loaded' ? load.answer.sector : (request.sector ?? 'sector');
  return (
    <>
      <Dialog.Header pe="12" flexDirection="column" alignItems="flex-start" gap="1">
        <Dialog.Title fontSize={{ base: 'md', md: 'lg' }} lineHeight="short" textWrap="balance">
          Based on {request.analyst}&apos;s past performance in similar {sector} companies
        </Dialog.Title>
        <Text fontSize="sm" color="fg.muted" minH="5">
          {load.state === 'loaded' && teamText(load.answer.team_update)}
        </Text>
      </Dialog.Header>
      <Dialog.Body pb="6">
        {load.state === 'loading' && <DetailsSkeleton />}
        {load.state === 'failed' && (
          <Stack align="center" textAlign="center" gap="3" py="10" role="alert">
            <Text fontWeight="semibold">Oops! something went wrong :(</Text>
            <Text color="fg.muted" fontSize="sm">
              {load.message}
            </Text>
            <Button size="sm" variant="outline" onClick={() => setAttempt((count) => count + 1)}>
              Try again
            </Button>
          </Stack>
        )}
        {load.state === 'loaded' && <PastPerformance answer={load.answer} grade={request.grade} />}
        <Box mt="5">
          <AnalystBacktest analyst={request.analyst} />
        </Box>
      </Dialog.Body>
    </>
  );
}

function teamText(teamUpdate: string | null): string {
  if (teamUpdate === null) return 'This sector has no analyst team yet';
  const date = DateTime.fromISO(teamUpdate);
  return `Analyst team created ${date.isValid ? date.toLocaleString(DateTime.DATE_MED) : teamUpdate}`;
}

const percentOf = (count: number, of: number) => (of === 0 ? null : `${Math.round((100 * count) / of)}%`);

function PastPerformance({ answer, grade }: { answer: AnalystPastAlerts; grade: number | null }) {
  const summary = summarizePastPerformance(answer.rows);
  const shownGrade = grade ?? summary.grade;
  const ofDecided = summary.decided === 1 ? 'of 1 decided' : `of ${summary.decided} decided`;
  return (
    <Stack gap="5">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        <Counter
          label="Grade"
          value={shownGrade === null ? 'N/A' : gradeLabel(shownGrade)}
          note="C+ to A+"
          accent
        />
        <Counter label="Opportunities" value={String(summary.opportunities)} note="ratings in the sector" />
        <Counter
          label="Reached Target"
          value={String(summary.reachedTarget)}
          note={
            percentOf(summary.reachedTarget, summary.decided)
              ? `${percentOf(summary.reachedTarget, summary.decided)} ${ofDecided}`
              : ofDecided
          }
        />
        <Counter
          label="Outperform"
          value={String(summary.outperformed)}
          note={
            percentOf(summary.outperformed, summary.decided)
              ? `${percentOf(summary.outperformed, summary.decided)} ${ofDecided}`
              : ofDecided
          }
        />
      </SimpleGrid>
      {answer.rows.length === 0 ? (
        <Text color="fg.muted" textAlign="center" py="8">
          No past ratings of this analyst in the sector yet.
        </Text>
      ) : (
        <PastRatingsTable rows={answer.rows} />
      )}
    </Stack>
  );
}

function Counter({
  label,
  value,
  note,
  accent = false,
}: {
  label: string;
  value: string;
  note: string;
  accent?: boolean;
}) {
  return (
    <Box borderWidth="1px" rounded="lg" px="3.5" py="3" bg={accent ? 'brand.subtle' : 'bg.panel'}>
      <Text fontSize="xs" color="fg.muted" textTransform="uppercase" letterSpacing="wide" fontWeight="medium">
        {label}
      </Text>
      <Text
        fontSize="2xl"
        fontWeight="bold"
        lineHeight="short"
        color={accent ? 'brand.fg' : 'fg'}
        fontVariantNumeric="tabular-nums"
      >
        {value}
      </Text>
      <Text fontSize="xs" color="fg.subtle" truncate>
        {note}
      </Text>
    </Box>
  );
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Yes or No once decided; a rating still running shows a dash, and Open as its success. */
function Outcome({
  row,
  value,
  open = '—',
}: {
  row: PastPerformanceRow;
  value: 0 | 1;
  open?: string;
}): ReactNode {
  if (row.decided === 0)
    return (
      <Text as="span" color="fg.subtle">
        {open}
      </Text>
    );
  return value === 1 ? (
    <Text as="span" color="insight.green" fontWeight="semibold">
      Yes
    </Text>
  ) : (
    <Text as="span" color="insight.red">
      No
    </Text>
  );
}

function PastRatingsTable({ rows }: { rows: readonly PastPerformanceRow[] }) {
  const [, setRequest] = useAtom(analystDetailsAtom);
  return (
    <Table.ScrollArea
      borderWidth="1px"
      rounded="lg"
      maxH="max(220px, calc(100dvh - 350px))"
      overflowY="auto"
      tabIndex={0}
      aria-label="Past ratings"
    >
      <Table.Root size="sm" stickyHeader interactive css={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Published</Table.ColumnHeader>
            <Table.ColumnHeader>Ticker</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Entry Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Target Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Reached Target</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Outperform</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Success</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {byPublishedDescending(rows).map((row, index) => (
            <Table.Row key={`${row.published}:${row.ticker}:${index}`}>
              <Table.Cell>
                <Badge colorPalette={row.pos_type === 'buy' ? 'brand' : 'danger'} variant="subtle" size="sm">
                  {row.pos_type === 'buy' ? 'Buy' : 'Sell'}
                </Badge>
              </Table.Cell>
              <Table.Cell color="fg.muted">
                {DateTime.fromISO(row.published).toLocaleString(DateTime.DATE_MED)}
              </Table.Cell>
              <Table.Cell>
                <Link asChild fontWeight="semibold" color="brand.fg" onClick={() => setRequest(null)}>
                  <RouterLink to={`/stock/${encodeURIComponent(row.ticker)}`}>{row.ticker}</RouterLink>
                </Link>
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {usd.format(row.entry_price)}
              </Table.Cell>
              <Table.Cell textAlign="end" fontVariantNumeric="tabular-nums">
                {usd.format(row.target)}
              </Table.Cell>
              <Table.Cell textAlign="center">
                <Outcome row={row} value={row.reached_target} />
              </Table.Cell>
              <Table.Cell textAlign="center">
                <Outcome row={row} value={row.outperform_sector} />
              </Table.Cell>
              <Table.Cell textAlign="center">
                <Outcome row={row} value={row.success} open="Open" />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

function DetailsSkeleton() {
  return (
    <Stack gap="5" aria-busy="true" aria-label="Loading the analyst's past performance" role="status">
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} h="20" rounded="lg" />
        ))}
      </SimpleGrid>
      <Flex direction="column" gap="2">
        {[0, 1, 2, 3, 4].map((index) => (
          <Skeleton key={index} h="8" />
        ))}
      </Flex>
    </Stack>
  );
}
