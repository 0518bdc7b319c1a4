import {
  Box,
  Button,
  Checkbox,
  Field,
  Flex,
  Heading,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
} from '@chakra-ui/react';
import {
  compareMonthsChoices,
  isWideEnough,
  reportsMessages,
  shiftMonth,
  type AnalystSectorTrendResponse,
  type MarketTrendsResponse,
} from '@insight/shared/reports/schemas';
import { lazy, Suspense, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { reportCalls } from './api';

const MarketTrendChart = lazy(() => import('./TrendCharts').then((m) => ({ default: m.MarketTrendChart })));
const SectorTrendChart = lazy(() => import('./TrendCharts').then((m) => ({ default: m.SectorTrendChart })));

const chartHeight = 320;

export function Panel({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Box
      as="section"
      aria-labelledby={id}
      bg="bg.panel"
      borderWidth="1px"
      rounded="xl"
      p={{ base: '4', md: '6' }}
      minW="0"
    >
      <Heading as="h2" id={id} size="md">
        {title}
      </Heading>
      <Text color="fg.muted" fontSize="sm" mb="4">
        {intro}
      </Text>
      {children}
    </Box>
  );
}

/** Loading, error (with a retry), empty, or the chart. */
function ChartState({
  loading,
  problem,
  empty,
  emptyText,
  retry,
  children,
}: {
  loading: boolean;
  problem: string | null;
  empty: boolean;
  emptyText: string;
  retry: () => void;
  children: ReactNode;
}) {
  if (problem !== null)
    return (
      <Stack gap="3">
        <FormProblem message={problem} />
        <Button size="sm" alignSelf="start" onClick={retry}>
          Try again
        </Button>
      </Stack>
    );
  if (loading)
    return <Skeleton h={`${chartHeight}px`} rounded="md" aria-busy="true" aria-label="Loading the chart" />;
  if (empty) return <Text color="fg.muted">{emptyText}</Text>;
  return (
    <Suspense fallback={<Skeleton h={`${chartHeight}px`} rounded="md" />}>
      <Box minW="0" overflow="hidden">
        {children}
      </Box>
    </Suspense>
  );
}

/** Spec 001 §2, §5, §9: the market performance chart, the last 3 months up to yesterday by default. */
export function MarketTrendSection() {
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [asked, setAsked] = useState<{ fromDate?: string; toDate?: string }>({});
  const [data, setData] = useState<MarketTrendsResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [formProblem, setFormProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    reportCalls.marketTrends(asked, controller.signal).then(
      (answer) => {
        setData(answer);
        setFrom(answer.fromDate);
        setTo(answer.toDate);
        setProblem(null);
        setLoading(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setProblem(errorMessage(error, 'Could not load the market trend. Please try again.'));
        setLoading(false);
      },
    );
    return () => controller.abort();
  }, [asked, version]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!from || !to || !isWideEnough(from, to)) {
      setFormProblem(reportsMessages.widerRange);
      return;
    }
    setFormProblem(null);
    setAsked({ fromDate: from, toDate: to });
  }

  return (
    <Panel
      id="market-trend-title"
      title="Market trend"
      intro="The broad market (SPY, RSP) and each sector's ETF: percent change since the first day of the range."
    >
      <Flex
        as="form"
        onSubmit={submit}
        gap="3"
        wrap="wrap"
        align="end"
        mb="4"
        aria-label="Market trend range"
      >
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label>From</Field.Label>
          <Input type="date" value={from} onChange={(e) => setFrom(e.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '44' }}>
          <Field.Label>To</Field.Label>
          <Input type="date" value={to} onChange={(e) => setTo(e.target.value)} />
        </Field.Root>
        <Button type="submit" variant="outline">
          Show
        </Button>
      </Flex>
      {formProblem && (
        <Box mb="3">
          <FormProblem message={formProblem} />
        </Box>
      )}
      <Box data-testid="market-trend-chart">
        <ChartState
          loading={loading}
          problem={problem}
          empty={!data || data.chart_data.labels.length === 0}
          emptyText="No market data in this range."
          retry={() => setVersion((v) => v + 1)}
        >
          {data && <MarketTrendChart chart={data.chart_data} height={chartHeight} />}
        </ChartState>
      </Box>
    </Panel>
  );
}

const thisMonth = () => new Date().toISOString().slice(0, 7);

/** Spec 001 §2, §7, §9: the analyst sector trend, compare periods 1, 3 or 6 months. */
export function SectorTrendSection({ universes }: { universes: { id: number; name: string }[] | null }) {
  const [long, setLong] = useState(true);
  const [short, setShort] = useState(true);
  const [teamOnly, setTeamOnly] = useState(false);
  const [compareMonths, setCompareMonths] = useState<number>(3);
  const [startMonth, setStartMonth] = useState(() => shiftMonth(thisMonth(), -3));
  const [universe, setUniverse] = useState(0);
  const [data, setData] = useState<AnalystSectorTrendResponse | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const valid = (long || short) && /^\d{4}-\d{2}$/.test(startMonth);

  useEffect(() => {
    if (!valid) return;
    const controller = new AbortController();
    setLoading(true);
    reportCalls
      .analystSectorTrend({ long, short, teamOnly, compareMonths, startMonth, universe }, controller.signal)
      .then(
        (answer) => {
          setData(answer);
          setProblem(null);
          setLoading(false);
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          setProblem(errorMessage(error, 'Could not load the analyst sector trend. Please try again.'));
          setLoading(false);
        },
      );
    return () => controller.abort();
  }, [long, short, teamOnly, compareMonths, startMonth, universe, valid, version]);

  const total =
    data?.counts.reduce(
      (sum, c) => sum + c.previous.long + c.previous.short + c.recent.long + c.recent.short,
      0,
    ) ?? 0;

  return (
    <Panel
      id="sector-trend-title"
      title="Analyst sector trend"
      intro="Net analyst ratings per sector (buys minus sells counted) in the recent period from the start month, against the same length before it."
    >
      <Flex gap="3" wrap="wrap" align="end" mb="4">
        <Checkbox.Root checked={long} onCheckedChange={(e) => setLong(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Long</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root checked={short} onCheckedChange={(e) => setShort(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Short</Checkbox.Label>
        </Checkbox.Root>
        <Checkbox.Root checked={teamOnly} onCheckedChange={(e) => setTeamOnly(e.checked === true)}>
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>Analyst team only</Checkbox.Label>
        </Checkbox.Root>
        <Field.Root w={{ base: 'full', sm: '36' }}>
          <Field.Label>Compare</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={compareMonths}
              onChange={(e) => setCompareMonths(Number(e.target.value))}
            >
              {compareMonthsChoices.map((months) => (
                <option key={months} value={months}>
                  {months} {months === 1 ? 'month' : 'months'}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '40' }}>
          <Field.Label>Start month</Field.Label>
          <Input type="month" value={startMonth} onChange={(e) => setStartMonth(e.target.value)} />
        </Field.Root>
        <Field.Root w={{ base: 'full', sm: '48' }}>
          <Field.Label>Universe</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={universe} onChange={(e) => setUniverse(Number(e.target.value))}>
              <option value={0}>All</option>
              {(universes ?? []).map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      {!(long || short) && (
        <Box mb="3">
          <FormProblem message={reportsMessages.longOrShort} />
        </Box>
      )}
      <Box data-testid="sector-trend-chart">
        <ChartState
          loading={loading && valid}
          problem={problem}
          empty={!data || total === 0}
          emptyText="No analyst ratings in these periods."
          retry={() => setVersion((v) => v + 1)}
        >
          {data && <SectorTrendChart chart={data.chart_data} height={chartHeight} />}
        </ChartState>
      </Box>
    </Panel>
  );
}
