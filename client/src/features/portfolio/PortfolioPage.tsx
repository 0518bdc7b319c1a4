import { Box, Button, Grid, Skeleton, Stack, Text } from '@chakra-ui/react';
import { portfolioMessages, type Portfolio, type Position, type WatchlistItem } from '@insight/shared';
import { useMemo, useState, type ReactNode } from 'react';
import { errorMessage } from '../../api/request';
import { useSetAtom } from '../../app/store';
import { StatusPanel } from '../../components/StatusPanel';
import { notify } from '../../components/ui/toaster';
import { PricesFreshness } from '../market/MarketStatus';
import { Panel } from '../stock/Panel';
import { CompareDialog } from '../watchlist/CompareDialog';
import { AllocationBars } from './AllocationBars';
import { portfolioCalls } from './api';
import { portfolioChangedAtom } from './atoms';
import { PortfolioChart } from './chart/PortfolioChart';
import { ClosedPositionsTable } from './ClosedPositionsTable';
import { useClosedPositions, useFundsHistory, useMyPortfolio, useOpenPositions } from './data';
import { ClosePositionsDialog } from './dialogs/ClosePositionsDialog';
import { ConfirmDialog } from './dialogs/ConfirmDialog';
import { FutureActionDialog } from './dialogs/FutureActionDialog';
import { SetFundsDialog } from './dialogs/SetFundsDialog';
import { FundsHistoryTable } from './FundsHistoryTable';
import { AlertIcon } from './icons';
import { liveFigures, useLivePositions } from './live';
import { NewFilePanel } from './NewFilePanel';
import { OpenPositionsTable, type RowAction } from './OpenPositionsTable';
import { PortfolioHeader } from './PortfolioHeader';
import { PortfolioToolbar } from './PortfolioToolbar';
import { SummaryTiles } from './SummaryTiles';
import { PositionDialog, type PositionDialogPreset } from './positionDialog/PositionDialog';
import { marketToday } from './rules';

/** Spec 001 §2 "Portfolio page" (tab 3): the user's file, or the new-file state when there is none. */
export function PortfolioPage() {
  const remote = useMyPortfolio();
  const [funding, setFunding] = useState(false);
  if (remote.data === null && remote.status === 'error')
    return (
      <StatusPanel icon={<AlertIcon />} title="The portfolio could not be loaded" tone="danger">
        Please check your connection and reload the page.
      </StatusPanel>
    );
  if (remote.status === 'loading' && remote.data === null) return <LoadingPage />;
  if (remote.data === null)
    return (
      <>
        <NewFilePanel onSetFunds={() => setFunding(true)} />
        <SetFundsDialog open={funding} portfolio={null} onClose={() => setFunding(false)} />
      </>
    );
  return <PortfolioView portfolio={remote.data} />;
}

/** Which dialog is open, with what it works on. */
type Open =
  | { dialog: 'none' }
  | { dialog: 'funds' }
  | { dialog: 'position'; preset?: PositionDialogPreset }
  | { dialog: 'close'; positions: readonly Position[] }
  | { dialog: 'future'; position: Position }
  | { dialog: 'compare'; position: Position }
  | { dialog: 'delete'; positions: readonly Position[] }
  | { dialog: 'reset' };

const noPositions: readonly Position[] = [];

function PortfolioView({ portfolio }: { portfolio: Portfolio }) {
  const today = useMemo(() => marketToday(), []);
  const changed = useSetAtom(portfolioChangedAtom);
  const open = useOpenPositions(portfolio.id);
  const served = open.data?.list ?? noPositions;
  const rows = useLivePositions(served);
  const figures = liveFigures(portfolio, served, rows);
  const [picked, setPicked] = useState<ReadonlySet<number>>(new Set());
  // Only rows still open stay selected (a close or a push from another tab may remove them).
  const selected = useMemo(() => served.filter((position) => picked.has(position.id)), [served, picked]);
  const selectedIds = useMemo(() => new Set(selected.map((position) => position.id)), [selected]);
  const [showing, setShowing] = useState<Open>({ dialog: 'none' });
  const dismiss = () => setShowing({ dialog: 'none' });

  const onAction = (action: RowAction, position: Position) => {
    switch (action) {
      case 'edit':
        setShowing({ dialog: 'position', preset: { position } });
        return;
      case 'close':
        setShowing({ dialog: 'close', positions: [position] });
        return;
      case 'future':
        setShowing({ dialog: 'future', position });
        return;
      case 'compare':
        setShowing({ dialog: 'compare', position });
        return;
      case 'delete':
        setShowing({ dialog: 'delete', positions: [position] });
        return;
    }
  };

  const deletePositions = async (positions: readonly Position[]) => {
    try {
      const answer = await portfolioCalls.delete(positions.map((position) => position.id));
      if (answer.deleted.length === 0)
        notify.error(answer.skipped.length > 0 ? portfolioMessages.deleteBlocked : answer.msg);
      else if (answer.skipped.length > 0) notify.info(portfolioMessages.deleteSkipped(answer.skipped));
      else notify.success(answer.msg);
      if (answer.deleted.length > 0) {
        changed('deleted');
        setPicked(new Set());
      }
    } catch (error) {
      notify.error(errorMessage(error, portfolioMessages.deleteFailed));
    }
  };

  const reset = async () => {
    try {
      await portfolioCalls.reset(portfolio.id);
      notify.success(portfolioMessages.reset);
      setPicked(new Set());
      changed('reset');
    } catch (error) {
      notify.error(errorMessage(error, 'The portfolio could not be reset. Please try again.'));
    }
  };

  return (
    <Stack gap="5">
      <PortfolioHeader portfolio={portfolio} figures={figures} />
      <PortfolioToolbar
        portfolio={portfolio}
        selected={selected}
        onClose={() => setShowing({ dialog: 'close', positions: selected })}
        onDelete={() => setShowing({ dialog: 'delete', positions: selected })}
        onSetFunds={() => setShowing({ dialog: 'funds' })}
        onAddPosition={() => setShowing({ dialog: 'position' })}
        onReset={() => setShowing({ dialog: 'reset' })}
      />
      <SummaryTiles figures={figures} />
      <Grid templateColumns={{ base: '1fr', lg: 'minmax(0, 1fr) minmax(0, 2fr)' }} gap="5">
        <Panel id="portfolio-allocation" title="Sector allocation">
          <AllocationBars portfolioId={portfolio.id} />
        </Panel>
        <Panel id="portfolio-performance" title="Performance">
          <PortfolioChart portfolio={portfolio} />
        </Panel>
      </Grid>
      <Panel
        id="portfolio-open"
        title="Open positions"
        actions={
          rows.length > 0 && (
            <PricesFreshness count={`${rows.length} ${rows.length === 1 ? 'position' : 'positions'}`} />
          )
        }
      >
        {open.data === null ? (
          open.status === 'error' ? (
            <Text color="fg.muted">The open positions could not be loaded.</Text>
          ) : (
            <RowsLoading label="Loading the open positions" />
          )
        ) : rows.length === 0 ? (
          <Empty
            text="No open positions. Add a position to start following it here."
            action={
              <Button size="sm" onClick={() => setShowing({ dialog: 'position' })}>
                Add position
              </Button>
            }
          />
        ) : (
          <OpenPositionsTable
            rows={rows}
            today={today}
            monitorSettings={open.data.monitor_settings}
            selected={selectedIds}
            onSelect={setPicked}
            onAction={onAction}
          />
        )}
      </Panel>
      <FundsHistory portfolio={portfolio} />
      <ClosedPositions portfolio={portfolio} />

      <SetFundsDialog open={showing.dialog === 'funds'} portfolio={portfolio} onClose={dismiss} />
      <PositionDialog
        open={showing.dialog === 'position'}
        onClose={dismiss}
        portfolioId={portfolio.id}
        preset={showing.dialog === 'position' ? showing.preset : undefined}
        onSaved={() => changed('positions')}
      />
      <ClosePositionsDialog
        positions={showing.dialog === 'close' ? showing.positions : null}
        portfolioId={portfolio.id}
        onClose={dismiss}
        onClosed={() => setPicked(new Set())}
      />
      <FutureActionDialog
        position={showing.dialog === 'future' ? showing.position : null}
        openPositions={served}
        portfolioId={portfolio.id}
        onClose={dismiss}
      />
      <CompareDialog
        item={showing.dialog === 'compare' ? compareItem(showing.position) : null}
        onClose={dismiss}
      />
      <ConfirmDialog
        open={showing.dialog === 'delete'}
        title={
          showing.dialog === 'delete' && showing.positions.length > 1 ? 'Delete Positions' : 'Delete Position'
        }
        confirmLabel="Delete"
        onConfirm={() =>
          showing.dialog === 'delete' ? deletePositions(showing.positions) : Promise.resolve()
        }
        onClose={dismiss}
      >
        {showing.dialog === 'delete' && (
          <Text>
            Delete {showing.positions.map((position) => position.symbol).join(', ')}? A deleted position
            leaves the file as if it had never been bought; to sell it, close it instead. Positions opened
            before the last deposit cannot be deleted.
          </Text>
        )}
      </ConfirmDialog>
      <ConfirmDialog
        open={showing.dialog === 'reset'}
        title="Reset portfolio"
        confirmLabel="Reset"
        onConfirm={reset}
        onClose={dismiss}
      >
        <Text>
          Resetting deletes all positions, the funds history and the funds, and starts over with a new file.
          This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

/** The Compare dialog (the watchlist's) reads a watchlist item: a position has the same facts. */
function compareItem(position: Position): WatchlistItem {
  return {
    symbol: position.symbol,
    company_name: position.company,
    sector: position.sector,
    entry_date: position.entry_date,
    entryPrice: position.entry,
    lastPrice: position.last_price,
    pl: position.pl_per,
    etf_pl: position.etf_pl_per,
    etf: position.etf,
    dailyChangePercent: position.daily_change,
    earningDate: position.earning,
  };
}

function FundsHistory({ portfolio }: { portfolio: Portfolio }) {
  const remote = useFundsHistory(portfolio.id);
  return (
    <Panel id="portfolio-funds" title="Funds history">
      {remote.data === null ? (
        remote.status === 'error' ? (
          <Text color="fg.muted">The funds history could not be loaded.</Text>
        ) : (
          <RowsLoading label="Loading the funds history" />
        )
      ) : (
        <FundsHistoryTable entries={remote.data.funds} />
      )}
    </Panel>
  );
}

function ClosedPositions({ portfolio }: { portfolio: Portfolio }) {
  const remote = useClosedPositions(portfolio.id);
  return (
    <Panel id="portfolio-closed" title="Closed positions">
      {remote.data === null ? (
        remote.status === 'error' ? (
          <Text color="fg.muted">The closed positions could not be loaded.</Text>
        ) : (
          <RowsLoading label="Loading the closed positions" />
        )
      ) : remote.data.list.length === 0 ? (
        <Empty text="No closed positions yet. A position you close shows here with the profit or loss it made." />
      ) : (
        <ClosedPositionsTable rows={remote.data.list} />
      )}
    </Panel>
  );
}

function Empty({ text, action }: { text: string; action?: ReactNode }) {
  return (
    <Stack
      align="center"
      gap="3"
      py="8"
      px="4"
      textAlign="center"
      color="fg.muted"
      bg="bg.subtle"
      rounded="lg"
    >
      <Text>{text}</Text>
      {action}
    </Stack>
  );
}

function RowsLoading({ label }: { label: string }) {
  return (
    <Stack gap="2" aria-busy="true" aria-label={label}>
      {Array.from({ length: 3 }, (_, index) => (
        <Skeleton key={index} h="8" rounded="md" />
      ))}
    </Stack>
  );
}

function LoadingPage() {
  return (
    <Stack gap="5" aria-busy="true" aria-label="Loading the portfolio">
      <Skeleton h="12" w="60" rounded="md" />
      <Skeleton h="12" rounded="xl" />
      <Grid templateColumns={{ base: '1fr 1fr', lg: 'repeat(4, 1fr)' }} gap="4">
        {Array.from({ length: 4 }, (_, index) => (
          <Skeleton key={index} h="24" rounded="xl" />
        ))}
      </Grid>
      <Box>
        <Skeleton h="64" rounded="xl" />
      </Box>
    </Stack>
  );
}
