import {
  Box,
  Button,
  Center,
  HStack,
  Skeleton,
  Spinner,
  Stack,
  Text,
  useBreakpointValue,
} from '@chakra-ui/react';
import { priceRanges, type PriceHistoryResponse, type PriceRange } from '@insight/shared';
import { Suspense, lazy } from 'react';
import { useAtom } from '../../app/store';
import { stockCalls } from './api';
import { priceRangeAtom } from './atoms';
import { formatSignedFixed2, formatSignedPercent, toneColor, toneOf } from './format';
import { Panel } from './Panel';
import { useRemote } from './useRemote';

// Its own chunk: apexcharts is most of a megabyte and no other screen needs it.
const PriceChart = lazy(() => import('./PriceChart'));

const rangeNames: Record<PriceRange, string> = {
  '1M': 'the past month',
  '3M': 'the past 3 months',
  '6M': 'the past 6 months',
  YTD: 'this year',
  '1Y': 'the past year',
  '5Y': 'the past 5 years',
};

/** The price chart with its range buttons (in place of the spec's third-party widget). */
export function PriceChartPanel({ symbol }: { symbol: string }) {
  const [range, setRange] = useAtom(priceRangeAtom);
  const history = useRemote(`${symbol}/${range}`, (signal) => stockCalls.priceHistory(symbol, range, signal));
  const height = useBreakpointValue({ base: 240, md: 320 }) ?? 320;

  const buttons = (
    <HStack gap="1" role="group" aria-label="Chart range" wrap="wrap">
      {priceRanges.map((choice) => (
        <Button
          key={choice}
          size="xs"
          minW="10"
          variant={choice === range ? 'subtle' : 'ghost'}
          colorPalette={choice === range ? 'brand' : 'gray'}
          fontWeight={choice === range ? 'bold' : 'medium'}
          aria-pressed={choice === range}
          onClick={() => setRange(choice)}
        >
          {choice}
        </Button>
      ))}
    </HStack>
  );

  const data = history.data;
  return (
    <Panel id="price-chart-title" title="Price" actions={buttons}>
      <Stack gap="3">
        <RangeChange data={data} range={range} loading={history.status === 'loading'} />
        <Box position="relative" minH={`${height}px`} data-testid="price-chart">
          {history.status === 'error' && (
            <Center h={`${height}px`} flexDirection="column" gap="1" textAlign="center" color="fg.muted">
              <Text fontWeight="medium" color="fg">
                The price history could not be loaded.
              </Text>
              <Text fontSize="sm">Try another range, or come back in a moment.</Text>
            </Center>
          )}
          {history.status !== 'error' && data === null && <ChartSkeleton height={height} />}
          {history.status !== 'error' && data !== null && data.points.length < 2 && (
            <Center h={`${height}px`} color="fg.muted" fontSize="sm">
              No price history for {rangeNames[range]} yet.
            </Center>
          )}
          {history.status !== 'error' && data !== null && data.points.length >= 2 && (
            <Box opacity={history.status === 'loading' ? 0.45 : 1} transition="opacity 0.2s">
              <Suspense fallback={<ChartSkeleton height={height} />}>
                <PriceChart
                  symbol={symbol}
                  points={data.points}
                  up={data.points.at(-1)!.close >= data.points[0]!.close}
                  height={height}
                />
              </Suspense>
            </Box>
          )}
          {history.status === 'loading' && data !== null && (
            <Center position="absolute" inset="0">
              <Spinner color="insight.green" size="md" aria-label="Loading the range" />
            </Center>
          )}
        </Box>
      </Stack>
    </Panel>
  );
}

/** +12.34 (+7.20%) over the past 3 months: the move from the range's first close to its last. */
function RangeChange({
  data,
  range,
  loading,
}: {
  data: PriceHistoryResponse | null;
  range: PriceRange;
  loading: boolean;
}) {
  const first = data?.points[0]?.close;
  const last = data?.points.at(-1)?.close;
  if (first === undefined || last === undefined || data === null || data.range !== range) {
    return loading ? <Skeleton h="5" w="52" /> : <Box h="5" />;
  }
  const change = last - first;
  const tone = toneOf(change);
  return (
    <Text fontSize="sm" color="fg.muted" h="5">
      <Text as="span" fontWeight="semibold" color={toneColor[tone]} fontVariantNumeric="tabular-nums">
        {formatSignedFixed2(change)} ({formatSignedPercent(first > 0 ? (change / first) * 100 : null)})
      </Text>{' '}
      over {rangeNames[range]}
    </Text>
  );
}

function ChartSkeleton({ height }: { height: number }) {
  return <Skeleton h={`${height}px`} w="full" rounded="lg" aria-label="Loading the chart" />;
}
