import { Grid, HStack, Skeleton, SkeletonText, Stack } from '@chakra-ui/react';
import { marketMessages, type CompanyProfile, type Stock } from '@insight/shared';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { ApiError } from '../../api/request';
import { useAtomValue } from '../../app/store';
import { quotesAtom } from '../market/atoms';
import { subscribeQuotes } from '../../realtime/streams';
import { AnalystRatings } from './AnalystRatings';
import { stockCalls } from './api';
import { CompanyAbout } from './CompanyAbout';
import { livePrice } from './live';
import { Panel } from './Panel';
import { PriceChartPanel } from './PriceChartPanel';
import { StockDataTable } from './StockDataTable';
import { StockErrorView } from './StockErrorView';
import { StockHeader } from './StockHeader';
import { StockNews } from './StockNews';
import { useRemote } from './useRemote';

/**
 * The stock page (spec 000 §2, /stock/{symbol}): loading, then loaded or the error view (§4, §8).
 * Each symbol gets a fresh page, so nothing of one stock is ever shown under another's name.
 */
export function StockPage() {
  const symbol = (useParams().symbol ?? '').trim().toUpperCase();
  if (symbol === '') return <StockErrorView message={marketMessages.noSymbol} />;
  return <StockView key={symbol} symbol={symbol} />;
}

interface StockAndProfile {
  stock: PromiseSettledResult<Stock>;
  profile: PromiseSettledResult<CompanyProfile>;
}

/** Which of the spec's messages a failed load shows (at least one read failed): both, or the one. */
function loadFailure({ stock, profile }: StockAndProfile): string {
  if (stock.status === 'rejected' && profile.status === 'rejected')
    return marketMessages.stockOrCompanyFailed;
  return stock.status === 'rejected' ? marketMessages.stockFailed : marketMessages.profileFailed;
}

/** A retry can help a network failure or a server error, not a symbol the market does not know. */
const retryable = ({ stock, profile }: StockAndProfile) =>
  [stock, profile].some(
    (read) =>
      read.status === 'rejected' &&
      !(read.reason instanceof ApiError && [401, 403, 404].includes(read.reason.status)),
  );

function StockView({ symbol }: { symbol: string }) {
  const [attempt, setAttempt] = useState(0);
  const load = useRemote(`${symbol}#${attempt}`, async (signal) => {
    const [stock, profile] = await Promise.allSettled([
      stockCalls.stock(symbol, signal),
      stockCalls.companyProfile(symbol, signal),
    ]);
    return { stock, profile };
  });

  if (load.status !== 'ok') return <StockPageSkeleton />;
  const { stock, profile } = load.data;
  if (stock.status === 'fulfilled' && profile.status === 'fulfilled') {
    return <StockContent stock={stock.value} profile={profile.value} />;
  }
  return (
    <StockErrorView
      message={loadFailure(load.data)}
      onRetry={retryable(load.data) ? () => setAttempt((value) => value + 1) : undefined}
    />
  );
}

/** The loaded page: two columns on a desktop, one on a phone (the left column first). */
function StockContent({ stock, profile }: { stock: Stock; profile: CompanyProfile }) {
  const symbol = stock.symbol;
  useEffect(() => subscribeQuotes([symbol]), [symbol]);
  const pushed = useAtomValue(quotesAtom)[symbol];
  const price = livePrice(stock, pushed);

  return (
    <Stack gap={{ base: '4', md: '6' }}>
      <StockHeader stock={stock} profile={profile} price={price} live={pushed !== undefined} />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(0, 1fr)' }}
        gap={{ base: '4', md: '6' }}
        alignItems="start"
      >
        <Stack gap={{ base: '4', md: '6' }} minW="0">
          <PriceChartPanel symbol={symbol} />
          <Panel id="key-statistics-title" title="Key statistics">
            <StockDataTable stock={stock} price={price} />
          </Panel>
          <AnalystRatings symbol={symbol} lastPrice={price.lastPrice} />
        </Stack>
        <Stack gap={{ base: '4', md: '6' }} minW="0">
          <CompanyAbout stock={stock} profile={profile} />
          <StockNews symbol={symbol} />
        </Stack>
      </Grid>
    </Stack>
  );
}

function StockPageSkeleton() {
  return (
    <Stack gap={{ base: '4', md: '6' }} aria-busy="true" aria-label="Loading the stock">
      <HStack
        bg="bg.panel"
        borderWidth="1px"
        borderColor="border"
        rounded="xl"
        p={{ base: '4', md: '6' }}
        justify="space-between"
        align="flex-end"
      >
        <Stack gap="3" flex="1">
          <Skeleton h="4" w="28" />
          <Skeleton h="8" w={{ base: '60%', md: '72' }} />
          <Skeleton h="5" w="56" />
        </Stack>
        <Stack gap="2" align="flex-end" display={{ base: 'none', md: 'flex' }}>
          <Skeleton h="9" w="36" />
          <Skeleton h="4" w="40" />
        </Stack>
      </HStack>
      <Grid templateColumns={{ base: 'minmax(0, 1fr)', lg: 'minmax(0, 1.7fr) minmax(0, 1fr)' }} gap="6">
        <Stack gap="6">
          <Skeleton h={{ base: '72', md: '96' }} rounded="xl" />
          <Skeleton h="64" rounded="xl" />
        </Stack>
        <Stack gap="6" bg="bg.panel" borderWidth="1px" borderColor="border" rounded="xl" p="6">
          <Skeleton h="5" w="40" />
          <SkeletonText noOfLines={5} />
        </Stack>
      </Grid>
    </Stack>
  );
}
