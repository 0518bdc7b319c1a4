import { Box, Button, Field, Flex, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { Portfolio, PortfolioChart as ChartAnswer } from '@insight/shared';
import { Suspense, lazy, useMemo, useState } from 'react';
import { useAtom } from '../../../app/store';
import { useRemote } from '../../stock/useRemote';
import { portfolioCalls } from '../api';
import { chartBenchmarksAtom } from '../atoms';
import { useFiguresKey } from '../data';
import { marketToday } from '../rules';
import { BenchmarksDialog } from './BenchmarksDialog';
import {
  earliestEnd,
  historyDays,
  manualRangeProblem,
  offeredRanges,
  selectionDates,
  type ChartSelection,
} from './ranges';

const PortfolioChartView = lazy(() => import('./PortfolioChartView'));

/**
 * Spec 001 §2 "Performance chart": the file's unit price against benchmark ETFs, as percent change
 * since the range's start. Range buttons by history length, a manual date range and the Add
 * Benchmarks dialog; `compact` (the home dashboard) keeps the range buttons only.
 */
export function PortfolioChart({ portfolio, compact = false }: { portfolio: Portfolio; compact?: boolean }) {
  const today = useMemo(() => marketToday(), []);
  const [selection, setSelection] = useState<ChartSelection>({ kind: 'all' });
  const [benchmarks, setBenchmarks] = useAtom(chartBenchmarksAtom);
  const [choosing, setChoosing] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(today);
  const height = compact ? 240 : 320;

  const tooYoung = historyDays(portfolio.created, today) < 2;
  const ranges = offeredRanges(portfolio.created, today);
  const dates = selectionDates(selection, today);
  const figuresKey = useFiguresKey(portfolio.id);
  const key = tooYoung
    ? 'none'
    : [
        portfolio.id,
        benchmarks.join(','),
        dates.from_date ?? '',
        dates.to_date ?? '',
        figuresKey,
        attempt,
      ].join('|');
  const remote = useRemote<ChartAnswer | null>(key, () =>
    tooYoung
      ? Promise.resolve(null)
      : portfolioCalls.chart({ pid: portfolio.id, etfs: benchmarks, ...dates }),
  );

  const manualProblem = from === '' ? null : manualRangeProblem(from, to);
  const applyManual = () => {
    if (from !== '' && manualProblem === null) setSelection({ kind: 'manual', from, to });
  };

  const rangeButton = (label: string, active: boolean, onClick: () => void) => (
    <Button
      key={label}
      size="xs"
      variant={active ? 'solid' : 'ghost'}
      aria-pressed={active}
      onClick={onClick}
      minW="9"
    >
      {label}
    </Button>
  );

  return (
    <Stack gap="3">
      <Flex justify="space-between" align="center" gap="2" wrap="wrap">
        <HStack gap="1" role="group" aria-label="Chart range" wrap="wrap">
          {ranges.map((range) =>
            rangeButton(range.label, selection.kind === 'range' && selection.range === range.label, () =>
              setSelection({ kind: 'range', range: range.label }),
            ),
          )}
          {rangeButton('All', selection.kind === 'all', () => setSelection({ kind: 'all' }))}
        </HStack>
        {!compact && (
          <Button size="xs" variant="outline" onClick={() => setChoosing(true)}>
            Add Benchmarks
          </Button>
        )}
      </Flex>
      {!compact && (
        <Flex
          as="form"
          gap="2"
          align="end"
          wrap="wrap"
          onSubmit={(event) => {
            event.preventDefault();
            applyManual();
          }}
        >
          <Field.Root w="auto" invalid={manualProblem !== null}>
            <Field.Label fontSize="xs">From</Field.Label>
            <Input
              type="date"
              size="xs"
              value={from}
              min={portfolio.created}
              max={today}
              onChange={(event) => setFrom(event.currentTarget.value)}
            />
          </Field.Root>
          <Field.Root w="auto" invalid={manualProblem !== null}>
            <Field.Label fontSize="xs">To</Field.Label>
            <Input
              type="date"
              size="xs"
              value={to}
              min={from === '' ? portfolio.created : earliestEnd(from)}
              max={today}
              onChange={(event) => setTo(event.currentTarget.value)}
            />
          </Field.Root>
          <Button
            type="submit"
            size="xs"
            variant={selection.kind === 'manual' ? 'solid' : 'outline'}
            disabled={from === '' || manualProblem !== null}
          >
            Show range
          </Button>
          {manualProblem !== null && (
            <Text role="alert" fontSize="xs" color="danger.fg" pb="1.5">
              {manualProblem}
            </Text>
          )}
        </Flex>
      )}
      <Box minH={`${height}px`} aria-busy={remote.status === 'loading'}>
        {tooYoung ? (
          <Stack h={`${height}px`} align="center" justify="center" color="fg.muted" textAlign="center" px="6">
            <Text>
              The chart starts once the file is two days old: its performance shows here from then on.
            </Text>
          </Stack>
        ) : remote.data === null || remote.data === undefined ? (
          remote.status === 'error' ? (
            <Stack h={`${height}px`} align="center" justify="center" gap="3" color="fg.muted">
              <Text>The chart could not be loaded.</Text>
              <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </Stack>
          ) : (
            <Skeleton h={`${height}px`} rounded="lg" />
          )
        ) : (
          <Suspense fallback={<Skeleton h={`${height}px`} rounded="lg" />}>
            <Box
              role="img"
              aria-label={`${portfolio.name} against ${benchmarks.join(', ') || 'no benchmark'}, in percent`}
            >
              <PortfolioChartView chart={remote.data} height={height} />
            </Box>
          </Suspense>
        )}
      </Box>
      {!compact && (
        <BenchmarksDialog
          open={choosing}
          selected={benchmarks}
          onApply={setBenchmarks}
          onClose={() => setChoosing(false)}
        />
      )}
    </Stack>
  );
}
