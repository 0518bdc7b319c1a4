import { Box, Flex, Heading, Skeleton, Stack, Text } from '@chakra-ui/react';
import type { WatchlistItem } from '@insight/shared';
import { useState } from 'react';
import { useAtomValue } from '../../app/store';
import { StatusPanel } from '../../components/StatusPanel';
import { PricesFreshness } from '../market/MarketStatus';
import { watchlistItemsAtom } from './atoms';
import { CompareDialog } from './CompareDialog';
import { StarIcon } from './icons';
import { useLiveRows } from './liveRows';
import { WatchlistCards } from './WatchlistCards';
import { WatchlistTable } from './WatchlistTable';

/** Spec 001 §2 "Watchlist page" (tab 1): the followed symbols, live, each with its menu. */
export function WatchlistPage() {
  const items = useAtomValue(watchlistItemsAtom);
  return (
    <Stack gap="5">
      <Flex align="end" justify="space-between" gap="4" wrap="wrap">
        <Box>
          <Heading as="h1" size="2xl" letterSpacing="tight">
            Watchlist
          </Heading>
          <Text color="fg.muted" fontSize="sm">
            The symbols you follow, with their performance since you added them.
          </Text>
        </Box>
        {items !== null && items.length > 0 && (
          <PricesFreshness count={`${items.length} ${items.length === 1 ? 'symbol' : 'symbols'}`} />
        )}
      </Flex>
      {items === null ? (
        <LoadingRows />
      ) : items.length === 0 ? (
        <StatusPanel icon={<StarIcon />} title="Your watchlist is empty">
          Follow a stock with its star, on an alert or on its page, or search for one above; it appears here
          with its performance since you added it.
        </StatusPanel>
      ) : (
        <WatchlistRows items={items} />
      )}
    </Stack>
  );
}

function WatchlistRows({ items }: { items: readonly WatchlistItem[] }) {
  const rows = useLiveRows(items);
  const [comparing, setComparing] = useState<WatchlistItem | null>(null);
  return (
    <>
      <Box display={{ base: 'none', md: 'block' }}>
        <WatchlistTable rows={rows} onCompare={setComparing} />
      </Box>
      <Box display={{ base: 'block', md: 'none' }}>
        <WatchlistCards rows={rows} onCompare={setComparing} />
      </Box>
      <CompareDialog item={comparing} onClose={() => setComparing(null)} />
    </>
  );
}

function LoadingRows() {
  return (
    <Stack
      gap="3"
      bg="bg.panel"
      borderWidth="1px"
      borderColor="border"
      rounded="xl"
      p="4"
      aria-busy="true"
      aria-label="Loading the watchlist"
    >
      {Array.from({ length: 5 }, (_, index) => (
        <Skeleton key={index} h="9" rounded="md" />
      ))}
    </Stack>
  );
}
