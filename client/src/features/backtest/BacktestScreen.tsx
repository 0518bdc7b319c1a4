import {
  Button,
  Checkbox,
  Field,
  HStack,
  Input,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Wrap,
} from '@chakra-ui/react';
import { backtestJobKinds, type BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentUserAtom } from '../auth/atoms';
import { MyReports } from '../jobs/MyReports';
import { ToolCard, ToolSuccess } from '../tools/admin/ToolCard';
import { backtestCalls } from './api';
import BacktestChart from './BacktestChart';
import { JobProgress } from './JobProgress';
import { benchmarkChoices, defaultPeriod } from './periods';

const hasSymbols = (text: string) => text.split(/[\s,]+/).some((part) => part.trim() !== '');

/**
 * Backtest (spec 002 §2.4, §7.6): a date range, symbols and benchmarks; "Generate Backtest Report"
 * draws each symbol held over the period against the benchmarks (SPY by default), and the same as an
 * Excel file goes by mail and waits in My reports.
 */
export default function BacktestScreen() {
  const user = useAtomValue(currentUserAtom);
  const [period, setPeriod] = useState(defaultPeriod);
  const [tickers, setTickers] = useState('');
  const [benchmarks, setBenchmarks] = useState<string[]>(['SPY']);
  const [email, setEmail] = useState(user?.email ?? '');
  const [busy, setBusy] = useState<'chart' | 'mail' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<BacktestGraphResponse | null>(null);
  const [accepted, setAccepted] = useState<{ msg: string; jobId: string } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const symbolsEntered = hasSymbols(tickers);
  const body = () => ({ start_month: period.start, end_month: period.end, tickers, benchmarks });

  const generate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy('chart');
    setProblem(null);
    try {
      setResult(await backtestCalls.graph(body()));
    } catch (error) {
      setResult(null);
      setProblem(errorMessage(error, 'The backtest could not be drawn. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const mail = async () => {
    setBusy('mail');
    setProblem(null);
    try {
      const answer = await backtestCalls.excel({ ...body(), email });
      setAccepted({ msg: answer.msg, jobId: answer.jobId });
      setRefreshKey((key) => key + 1);
    } catch (error) {
      setProblem(errorMessage(error, 'The report could not be requested. Please try again.'));
    } finally {
      setBusy(null);
    }
  };

  const toggle = (symbol: string, on: boolean) =>
    setBenchmarks((list) => (on ? [...list, symbol] : list.filter((s) => s !== symbol)));

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Backtest"
        intro="How the symbols would have done, bought at the close before the first month and held to the end, against the benchmarks."
      >
        <form noValidate onSubmit={generate} aria-label="Backtest">
          <Stack gap="4">
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4" maxW="xl">
              <Field.Root>
                <Field.Label>From month</Field.Label>
                <Input
                  type="month"
                  name="start_month"
                  value={period.start}
                  onChange={(e) => setPeriod((p) => ({ ...p, start: e.currentTarget.value }))}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>To month</Field.Label>
                <Input
                  type="month"
                  name="end_month"
                  value={period.end}
                  onChange={(e) => setPeriod((p) => ({ ...p, end: e.currentTarget.value }))}
                />
              </Field.Root>
            </SimpleGrid>
            <Field.Root maxW="xl">
              <Field.Label>Symbols</Field.Label>
              <Textarea
                name="tickers"
                value={tickers}
                onChange={(e) => setTickers(e.currentTarget.value.toUpperCase())}
                placeholder="AAPL, MSFT&#10;NVDA"
                rows={3}
                autoComplete="off"
                spellCheck={false}
              />
              <Field.HelperText>Separate symbols by commas, spaces or new lines.</Field.HelperText>
            </Field.Root>
            {symbolsEntered && (
              <Field.Root>
                <Field.Label>Benchmarks</Field.Label>
                <Wrap gap="4" role="group" aria-label="Benchmarks">
                  {benchmarkChoices.map((symbol) => (
                    <Checkbox.Root
                      key={symbol}
                      checked={benchmarks.includes(symbol)}
                      onCheckedChange={(d) => toggle(symbol, d.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                      <Checkbox.Label>{symbol}</Checkbox.Label>
                    </Checkbox.Root>
                  ))}
                </Wrap>
              </Field.Root>
            )}
            <FormProblem message={problem} />
            <HStack>
              <Button
                type="submit"
                colorPalette="brand"
                loading={busy === 'chart'}
                loadingText="Calculating"
                disabled={!symbolsEntered}
              >
                Generate Backtest Report
              </Button>
            </HStack>
          </Stack>
        </form>
        {result && (
          <Stack gap="2" mt="6">
            <Text fontSize="sm" color="fg.muted">
              {mdy(result.start)} – {mdy(result.end)}
            </Text>
            <BacktestChart result={result} />
          </Stack>
        )}
      </ToolCard>

      <ToolCard
        title="Backtest by email"
        intro="The same backtest as an Excel file, with monthly returns and figures."
      >
        <Stack gap="4" maxW="xl">
          <Field.Root>
            <Field.Label>Send to</Field.Label>
            <Input
              type="email"
              name="email"
              value={email}
              maxLength={100}
              onChange={(e) => setEmail(e.currentTarget.value)}
            />
          </Field.Root>
          <ToolSuccess message={accepted?.msg ?? null}>
            {accepted && <JobProgress jobId={accepted.jobId} label="Backtest report" />}
          </ToolSuccess>
          <HStack>
            <Button
              variant="outline"
              onClick={() => void mail()}
              loading={busy === 'mail'}
              disabled={!symbolsEntered || email.trim() === ''}
            >
              Email the Excel
            </Button>
          </HStack>
        </Stack>
      </ToolCard>

      <MyReports
        kinds={[backtestJobKinds.excel, backtestJobKinds.alerts]}
        refreshKey={refreshKey}
        title="My backtests"
      />
    </Stack>
  );
}

/** MM/dd/yyyy (spec 002 §9: backtest dates). */
export const mdy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
