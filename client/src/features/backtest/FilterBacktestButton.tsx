import { Button, CloseButton, Dialog, Portal, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { FilterSet } from '@insight/shared';
import type { BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../api/request';
import { FormProblem } from '../../components/FormProblem';
import { backtestCalls } from './api';
import BacktestChart from './BacktestChart';
import { mdy } from './BacktestScreen';
import { MailedExcel } from './MailedExcel';

type Load =
  | { state: 'loading' }
  | { state: 'loaded'; result: BacktestGraphResponse }
  | { state: 'failed'; message: string };

/**
 * "Backtest my filter" (the feed's filter panel): what buying each buy alert the filter keeps, on the
 * day it was published, would have returned against SPY; in a dialog, with the Excel by mail.
 */
export function FilterBacktestButton({ filters }: { filters: FilterSet }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => setOpen(d.open)}
      placement="center"
      size="xl"
      scrollBehavior="outside"
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="outline" alignSelf="flex-start">
          Backtest my filter
        </Button>
      </Dialog.Trigger>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner px={{ base: '0', md: '4' }}>
          <Dialog.Content maxW={{ base: '100vw', md: '870px' }} w="full" rounded={{ base: 'none', md: 'l3' }}>
            <Dialog.Header pe="12">
              <Dialog.Title>Backtest my filter</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">{open && <FilterBacktest filters={filters} />}</Dialog.Body>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" aria-label="Close" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function FilterBacktest({ filters }: { filters: FilterSet }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let live = true;
    backtestCalls.filter({ filter: filters }).then(
      (result) => live && setLoad({ state: 'loaded', result }),
      (error: unknown) =>
        live &&
        setLoad({
          state: 'failed',
          message: errorMessage(error, 'The backtest could not be calculated. Please try again.'),
        }),
    );
    return () => {
      live = false;
    };
  }, [filters]);

  if (load.state === 'loading') return <Skeleton h="280px" />;
  if (load.state === 'failed') return <FormProblem message={load.message} />;
  return (
    <Stack gap="3">
      <Text fontSize="sm" color="fg.muted">
        {mdy(load.result.start)} – {mdy(load.result.end)}: each buy alert your filter keeps, bought at its
        day&apos;s close with the same money, sold on a later sell, after the rating&apos;s horizon or at the
        end. {load.result.trades?.length ?? 0} trades.
      </Text>
      <BacktestChart result={load.result} height={260} />
      <MailedExcel
        label="Filter backtest"
        request={(email) => backtestCalls.filterMail({ filter: filters, email })}
      />
    </Stack>
  );
}
