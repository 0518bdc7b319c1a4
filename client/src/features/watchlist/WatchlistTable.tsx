import { Box, Table, Text } from '@chakra-ui/react';
import type { WatchlistItem } from '@insight/shared';
import { Change } from './Change';
import { EarningsDate, SectorText, SymbolLink } from './cells';
import { formatMarketDay, formatUsd, notAvailable } from './format';
import type { WatchlistRow } from './liveRows';
import { RowMenu } from './RowMenu';

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The watchlist as a table (spec 001 §3 "Watchlist item", every field), for wider screens. */
export function WatchlistTable({
  rows,
  onCompare,
}: {
  rows: readonly WatchlistRow[];
  onCompare: (item: WatchlistItem) => void;
}) {
  return (
    <Box bg="bg.panel" borderWidth="1px" borderColor="border" rounded="xl" shadow="xs" overflowX="auto">
      <Table.Root size="sm" interactive aria-label="Watchlist" css={{ '& td, & th': { px: '3' } }}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Company</Table.ColumnHeader>
            <Table.ColumnHeader>Sector</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry date</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry price</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Last price</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>P&amp;L</Table.ColumnHeader>
            <Table.ColumnHeader>ETF</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>ETF P&amp;L</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Daily change</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Earnings</Table.ColumnHeader>
            <Table.ColumnHeader w="10">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.symbol} data-symbol={row.symbol}>
              <Table.Cell>
                <SymbolLink symbol={row.symbol} />
              </Table.Cell>
              <Table.Cell maxW="56">
                <Text truncate title={row.company_name}>
                  {row.company_name}
                </Text>
              </Table.Cell>
              <Table.Cell color="fg.muted">
                <SectorText sector={row.sector} />
              </Table.Cell>
              <Table.Cell {...numeric} color="fg.muted">
                {formatMarketDay(row.entry_date.date)}
              </Table.Cell>
              <Table.Cell {...numeric}>{formatUsd(row.entryPrice)}</Table.Cell>
              <Table.Cell {...numeric} fontWeight="semibold">
                {formatUsd(row.lastPrice)}
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.pl} />
              </Table.Cell>
              <Table.Cell color="fg.muted" fontWeight="medium">
                {row.etf ?? notAvailable}
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.etf_pl} />
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.dailyChangePercent} />
              </Table.Cell>
              <Table.Cell {...numeric}>
                <EarningsDate date={row.earningDate} />
              </Table.Cell>
              <Table.Cell textAlign="end" py="1">
                <RowMenu symbol={row.symbol} onCompare={() => onCompare(row)} />
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
