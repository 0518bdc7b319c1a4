import { Button, Field, HStack, Input, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import { useState } from 'react';
import { errorMessage } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { FormProblem } from '../../components/FormProblem';
import { currentUserAtom } from '../auth/atoms';
import { ToolSuccess } from '../tools/admin/ToolCard';
import { backtestCalls } from './api';
import BacktestChart from './BacktestChart';
import { mdy } from './BacktestScreen';
import { JobProgress } from './JobProgress';

type Load =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; result: BacktestGraphResponse }
  | { state: 'failed'; message: string };

/**
 * "Backtest this analyst": what a portfolio that bought each of the analyst's buy alerts on the day it
 * was published (sold on a later sell, after the rating's horizon, or at the end) would have returned
 * over the last 12 months, equal weight, against SPY; and the same as a mailed Excel file.
 */
export function AnalystBacktest({ analyst }: { analyst: string }) {
  const user = useAtomValue(currentUserAtom);
  const [load, setLoad] = useState<Load>({ state: 'idle' });
  const [email, setEmail] = useState(user?.email ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<{ msg: string; jobId: string } | null>(null);

  const run = async () => {
    setLoad({ state: 'loading' });
    try {
      setLoad({ state: 'loaded', result: await backtestCalls.analyst({ analyst }) });
    } catch (error) {
      setLoad({
        state: 'failed',
        message: errorMessage(error, 'The backtest could not be calculated. Please try again.'),
      });
    }
  };
  const mail = async () => {
    setProblem(null);
    try {
      const answer = await backtestCalls.analystMail({ analyst, email: email.trim() });
      setAccepted({ msg: answer.msg, jobId: answer.jobId });
    } catch (error) {
      setProblem(errorMessage(error, 'The report could not be requested. Please try again.'));
    }
  };

  if (load.state === 'idle')
    return (
      <HStack>
        <Button size="sm" variant="outline" onClick={() => void run()}>
          Backtest this analyst
        </Button>
      </HStack>
    );
  return (
    <Stack gap="3" as="section" aria-label="Backtest this analyst" borderTopWidth="1px" pt="4">
      <Text fontWeight="semibold">Following {analyst}&apos;s alerts</Text>
      {load.state === 'loading' && <Skeleton h="240px" />}
      {load.state === 'failed' && <FormProblem message={load.message} />}
      {load.state === 'loaded' && (
        <>
          <Text fontSize="sm" color="fg.muted">
            {mdy(load.result.start)} – {mdy(load.result.end)}: each buy alert bought at its day&apos;s close
            with the same money, sold on a later sell, after the rating&apos;s horizon or at the end.{' '}
            {load.result.trades?.length ?? 0} trades.
          </Text>
          <BacktestChart result={load.result} height={260} />
          <Stack direction={{ base: 'column', sm: 'row' }} gap="2" align={{ sm: 'flex-end' }}>
            <Field.Root flex="1">
              <Field.Label>Send the Excel to</Field.Label>
              <Input
                size="sm"
                type="email"
                value={email}
                maxLength={100}
                onChange={(e) => setEmail(e.currentTarget.value)}
              />
            </Field.Root>
            <Button size="sm" variant="outline" onClick={() => void mail()} disabled={email.trim() === ''}>
              Email the Excel
            </Button>
          </Stack>
          <FormProblem message={problem} />
          <ToolSuccess message={accepted?.msg ?? null}>
            {accepted && <JobProgress jobId={accepted.jobId} label="Analyst backtest" />}
          </ToolSuccess>
        </>
      )}
    </Stack>
  );
}
