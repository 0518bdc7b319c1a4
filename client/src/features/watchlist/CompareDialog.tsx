import {
  Box,
  Button,
  CloseButton,
  Dialog,
  Field,
  Flex,
  HStack,
  NativeSelect,
  Portal,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import { watchlistMessages, type SymbolToEtfChart, type WatchlistItem } from '@insight/shared';
import { DateTime } from 'luxon';
import { Suspense, lazy, useEffect, useState } from 'react';
import { notify } from '../../components/ui/toaster';
import { watchlistCalls } from './api';
import { benchmarkGroups, defaultBenchmark } from './benchmarks';
import { Change } from './Change';
import { formatMarketDay, marketDayOf } from './format';

const CompareChart = lazy(() => import('./CompareChart'));

const chartHeight = 300;

/**
 * Spec 001 §2 "Compare to Benchmark": the item's change since its entry against an ETF (its sector's
 * by default). With too little data (less than two shared days) the dialog says so and closes
 * (spec 001 §4, §8). `item` null keeps it closed.
 */
export function CompareDialog({ item, onClose }: { item: WatchlistItem | null; onClose: () => void }) {
  return (
    <Dialog.Root
      open={item !== null}
      onOpenChange={(details) => {
        if (!details.open) onClose();
      }}
      placement="center"
      size="xl"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '2', md: '4' }}>
          <Dialog.Content>
            {item !== null && <CompareContent key={item.symbol} item={item} onClose={onClose} />}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

type Load = { status: 'loading' } | { status: 'ready'; chart: SymbolToEtfChart } | { status: 'failed' };
/** A load says which ETF and attempt it answers: the render after a switch must not show the last one. */
type KeyedLoad = { etf: string; attempt: number; load: Load };

function CompareContent({ item, onClose }: { item: WatchlistItem; onClose: () => void }) {
  const [etf, setEtf] = useState(() => defaultBenchmark(item.etf));
  const [keyed, setKeyed] = useState<KeyedLoad | null>(null);
  const [attempt, setAttempt] = useState(0);
  const load: Load =
    keyed !== null && keyed.etf === etf && keyed.attempt === attempt ? keyed.load : { status: 'loading' };
  const start = marketDayOf(item.entry_date.date) ?? DateTime.now().toISODate();

  useEffect(() => {
    const controller = new AbortController();
    watchlistCalls.compare(item.symbol, etf, start, controller.signal).then(
      (chart) => {
        if (chart.points.length < 2) {
          notify.info(watchlistMessages.compareTooShort);
          onClose();
          return;
        }
        setKeyed({ etf, attempt, load: { status: 'ready', chart } });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[watchlist] could not load the benchmark comparison', error);
        setKeyed({ etf, attempt, load: { status: 'failed' } });
      },
    );
    return () => controller.abort();
    // onClose is the parent's setter wrapper; a new one must not refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item.symbol, etf, start, attempt]);

  const last = load.status === 'ready' ? load.chart.points[load.chart.points.length - 1] : undefined;

  return (
    <>
      <Dialog.Header pb="2">
        <Stack gap="0.5">
          <Dialog.Title>Compare to Benchmark</Dialog.Title>
          <Text fontSize="sm" color="fg.muted">
            <Text as="span" fontWeight="semibold" color="fg">
              {item.symbol}
            </Text>{' '}
            · {item.company_name} · since {formatMarketDay(item.entry_date.date)}
          </Text>
        </Stack>
      </Dialog.Header>
      <Dialog.Body>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'stretch', sm: 'end' }}
          justify="space-between"
          gap="4"
          mb="4"
        >
          <Field.Root w={{ base: 'full', sm: '64' }}>
            <Field.Label>Benchmark ETF</Field.Label>
            <NativeSelect.Root size="sm">
              <NativeSelect.Field value={etf} onChange={(event) => setEtf(event.currentTarget.value)}>
                {benchmarkGroups.map((group) => (
                  <optgroup key={group.label} label={group.label}>
                    {group.etfs.map((option) => (
                      <option key={option.symbol} value={option.symbol}>
                        {option.symbol} · {option.name}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          {last !== undefined && (
            <HStack gap="5" aria-live="polite">
              <Figure label={item.symbol} value={last.symbol_pct} />
              <Figure label={etf} value={last.etf_pct} />
              <Figure label="Difference" value={last.symbol_pct - last.etf_pct} />
            </HStack>
          )}
        </Flex>
        <Box minH={`${chartHeight}px`} aria-busy={load.status === 'loading'}>
          {load.status === 'loading' && <Skeleton h={`${chartHeight}px`} rounded="lg" />}
          {load.status === 'failed' && (
            <Stack h={`${chartHeight}px`} align="center" justify="center" gap="3" color="fg.muted">
              <Text>The comparison could not be loaded.</Text>
              <Button size="sm" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
                Try again
              </Button>
            </Stack>
          )}
          {load.status === 'ready' && (
            <Suspense fallback={<Skeleton h={`${chartHeight}px`} rounded="lg" />}>
              <Box role="img" aria-label={`${item.symbol} against ${etf} since the entry, in percent`}>
                <CompareChart chart={load.chart} height={chartHeight} />
              </Box>
            </Suspense>
          )}
        </Box>
      </Dialog.Body>
    </>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box textAlign={{ base: 'start', sm: 'end' }}>
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Change value={value} fontSize="lg" />
    </Box>
  );
}
