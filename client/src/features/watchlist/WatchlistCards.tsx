import { Box, Flex, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import type { WatchlistItem } from '@insight/shared';
import type { ReactNode } from 'react';
import { Change } from './Change';
import { EarningsDate, SectorText, SymbolLink } from './cells';
import { formatMarketDay, formatUsd, notAvailable } from './format';
import type { WatchlistRow } from './liveRows';
import { RowMenu } from './RowMenu';

/** The watchlist on a phone: one card per item with the same fields as the table's columns. */
export function WatchlistCards({
  rows,
  onCompare,
}: {
  rows: readonly WatchlistRow[];
  onCompare: (item: WatchlistItem) => void;
}) {
  return (
    <Stack as="ul" gap="3" listStyleType="none" aria-label="Watchlist">
      {rows.map((row) => (
        <Box
          as="li"
          key={row.symbol}
          data-symbol={row.symbol}
          bg="bg.panel"
          borderWidth="1px"
          borderColor="border"
          rounded="xl"
          shadow="xs"
          p="4"
        >
          <Flex align="start" gap="3">
            <Box flex="1" minW="0">
              <HStack gap="2">
                <SymbolLink symbol={row.symbol} />
                <Text as="span" fontSize="xs" color="fg.muted">
                  <SectorText sector={row.sector} />
                </Text>
              </HStack>
              <Text fontSize="sm" color="fg.muted" truncate>
                {row.company_name}
              </Text>
            </Box>
            <Box textAlign="end">
              <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
                {formatUsd(row.lastPrice)}
              </Text>
              <Text fontSize="xs">
                <Change value={row.dailyChangePercent} />{' '}
                <Text as="span" color="fg.muted">
                  today
                </Text>
              </Text>
            </Box>
            <Box me="-2" mt="-1">
              <RowMenu symbol={row.symbol} onCompare={() => onCompare(row)} />
            </Box>
          </Flex>
          <SimpleGrid
            as="dl"
            columns={4}
            gap="2"
            mt="3"
            pt="3"
            borderTopWidth="1px"
            borderColor="border.muted"
            fontSize="sm"
          >
            <Stat label="Entry">
              {formatUsd(row.entryPrice)}
              <Text as="span" display="block" fontSize="xs" color="fg.muted">
                {formatMarketDay(row.entry_date.date)}
              </Text>
            </Stat>
            <Stat label="P&L">
              <Change value={row.pl} />
            </Stat>
            <Stat label={`${row.etf ?? 'ETF'} P&L`}>
              {row.etf === null ? notAvailable : <Change value={row.etf_pl} />}
            </Stat>
            <Stat label="Earnings">
              <EarningsDate date={row.earningDate} />
            </Stat>
          </SimpleGrid>
        </Box>
      ))}
    </Stack>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW="0">
      <Text as="dt" fontSize="xs" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontVariantNumeric="tabular-nums">
        {children}
      </Text>
    </Box>
  );
}
