import { Button, HStack, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import { useState } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { backtestCalls } from './api';
import BacktestChart from './BacktestChart';
import { mdy } from './BacktestScreen';
import { MailedExcel } from './MailedExcel';

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
  const [load, setLoad] = useState<Load>({ state: 'idle' });

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
          <MailedExcel
            label="Analyst backtest"
            request={(email) => backtestCalls.analystMail({ analyst, email })}
          />
        </>
      )}
    </Stack>
  );
}
