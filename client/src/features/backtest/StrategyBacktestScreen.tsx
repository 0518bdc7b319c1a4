import { Button, Field, HStack, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { backtestJobKinds, backtestMessages, strategyDefaults } from '@insight/shared/backtest/schemas';
import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentUserAtom } from '../auth/atoms';
import { MyReports } from '../jobs/MyReports';
import { scannerCalls } from '../scanner/api';
import { ToolCard, ToolSuccess } from '../tools/admin/ToolCard';
import { backtestCalls } from './api';
import { JobProgress } from './JobProgress';
import { monthShift } from './periods';

const oneToFour = [1, 2, 3, 4] as const;

/**
 * Strategy Backtest (spec 002 §§2.4, 3, 5, 9): parallel portfolios of the stocks the opportunity score
 * picked each month (as of that month: point in time), held the processed months, against SPY; mailed
 * as an Excel file and kept in My reports. Admins only (the server refuses others).
 */
export default function StrategyBacktestScreen() {
  const user = useAtomValue(currentUserAtom);
  const [email, setEmail] = useState(user?.email ?? '');
  const [numFiles, setNumFiles] = useState<number>(strategyDefaults.numFiles);
  const [numTickers, setNumTickers] = useState<string>(String(strategyDefaults.numTickers));
  const [months, setMonths] = useState<number>(strategyDefaults.numInvMonths);
  const [start, setStart] = useState(() => monthShift(new Date(), -12));
  const [end, setEnd] = useState(() => monthShift(new Date(), -1));
  const [universes, setUniverses] = useState<{ id: number; name: string }[] | null>(null);
  const [universeId, setUniverseId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<{ msg: string; jobId: string } | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    scannerCalls.universes(controller.signal).then(
      (list) => {
        setUniverses(list);
        // Spec 002 §9: the default universe is the one with S&P500 in its label.
        const preferred = list.find((u) => u.name.replace(/\s/g, '').includes('S&P500')) ?? list[0];
        setUniverseId(preferred?.id ?? null);
      },
      () => setUniverses([]),
    );
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // Spec 002 §5: a recipient, a portfolio count and a stock count are needed.
    if (email.trim() === '' || numTickers === '' || Number(numTickers) === 0 || universeId === null) {
      setProblem(backtestMessages.missingData);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answer = await backtestCalls.strategy({
        start_month: start,
        end_month: end,
        universeId,
        numFiles,
        numTickers: Number(numTickers),
        num_inv_months: months,
        email: email.trim(),
      });
      setAccepted({ msg: answer.msg, jobId: answer.jobId });
      setRefreshKey((key) => key + 1);
    } catch (error) {
      setProblem(errorMessage(error, 'The backtest could not be requested. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="6" minW="0">
      <ToolCard
        title="Strategy Backtest"
        intro="Each month, the opportunity score of the universe as of the day before picks the stocks (only what was published by then counts); portfolio 1 holds the best, portfolio 2 the next, and so on, each for the processed months, against SPY."
      >
        <form noValidate onSubmit={submit} aria-label="Strategy backtest">
          <Stack gap="4" maxW="2xl">
            <Field.Root>
              <Field.Label>Recipient</Field.Label>
              <Input
                type="email"
                name="email"
                value={email}
                maxLength={100}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
            </Field.Root>
            <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
              <Field.Root>
                <Field.Label>Portfolios</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    name="numFiles"
                    value={numFiles}
                    onChange={(e) => setNumFiles(Number(e.currentTarget.value))}
                  >
                    {oneToFour.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
              <Field.Root>
                <Field.Label>Stocks per portfolio</Field.Label>
                <Input
                  name="numTickers"
                  inputMode="numeric"
                  value={numTickers}
                  // Spec 002 §5: a non-negative integer only; empty allowed.
                  onChange={(e) => setNumTickers(e.currentTarget.value.replace(/\D/g, '').slice(0, 3))}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>Processed months</Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    name="num_inv_months"
                    value={months}
                    onChange={(e) => setMonths(Number(e.currentTarget.value))}
                  >
                    {oneToFour.map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            </SimpleGrid>
            <Field.Root>
              <Field.Label>Universe</Field.Label>
              <NativeSelect.Root size="sm" disabled={universes === null}>
                <NativeSelect.Field
                  name="universe"
                  value={universeId ?? ''}
                  onChange={(e) => setUniverseId(Number(e.currentTarget.value))}
                >
                  {universes === null && <option value="">Loading…</option>}
                  {(universes ?? []).map((u) => (
                    <option key={u.id} value={u.id}>
                      {u.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
            </Field.Root>
            <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
              <Field.Root>
                <Field.Label>From month</Field.Label>
                <Input
                  type="month"
                  name="start_month"
                  value={start}
                  onChange={(e) => setStart(e.currentTarget.value)}
                />
              </Field.Root>
              <Field.Root>
                <Field.Label>To month</Field.Label>
                <Input
                  type="month"
                  name="end_month"
                  value={end}
                  onChange={(e) => setEnd(e.currentTarget.value)}
                />
              </Field.Root>
            </SimpleGrid>
            <FormProblem message={problem} />
            <ToolSuccess message={accepted?.msg ?? null}>
              {accepted && <JobProgress jobId={accepted.jobId} label="Strategy backtest" />}
            </ToolSuccess>
            <HStack>
              <Button type="submit" colorPalette="brand" loading={busy} loadingText="Requesting">
                Run Strategy Backtest
              </Button>
            </HStack>
          </Stack>
        </form>
      </ToolCard>
      <MyReports kinds={[backtestJobKinds.strategy]} refreshKey={refreshKey} title="Strategy backtests" />
    </Stack>
  );
}
