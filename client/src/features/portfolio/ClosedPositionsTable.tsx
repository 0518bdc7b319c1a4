import { useRef } from 'react';
import { cardTableCss, useCardTableLabels } from '../../components/ui/cardTable';
import { Badge, Box, Table, Text } from '@chakra-ui/react';
import type { Position } from '@insight/shared';
import { SymbolLink } from '../watchlist/cells';
import { Change } from '../watchlist/Change';
import { formatCalendarDate, formatSignedUsd, formatUsd, formatWhole, toneColor, toneOf } from './format';
import { dayOf, openQuantity } from './rules';

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** The closed positions (spec 001 §2): entry and close, the P&L they made and the ETF's over the same days. */
export function ClosedPositionsTable({ rows }: { rows: readonly Position[] }) {
  const tableRef = useRef<HTMLDivElement>(null);
  useCardTableLabels(tableRef, [rows]);
  return (
    <Box
      ref={tableRef}
      overflowX="auto"
      position="relative"
      borderWidth="1px"
      borderColor="border"
      rounded="lg"
      css={cardTableCss}
    >
      <Table.Root size="sm" aria-label="Closed positions" css={{ '& td, & th': { px: '2.5' } }}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Company</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry date</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Close date</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Close</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Quantity</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>P&amp;L</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>P&amp;L %</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>ETF %</Table.ColumnHeader>
            <Table.ColumnHeader>Notes</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row key={row.id} data-closed={row.symbol}>
              <Table.Cell>
                <SymbolLink symbol={row.symbol} />
              </Table.Cell>
              <Table.Cell maxW="44">
                <Text truncate title={row.company}>
                  {row.company}
                </Text>
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="subtle" colorPalette={row.pos_type === 'Long' ? 'brand' : 'danger'}>
                  {row.pos_type}
                </Badge>
              </Table.Cell>
              <Table.Cell {...numeric} color="fg.muted">
                {formatCalendarDate(dayOf(row.entry_date.date))}
              </Table.Cell>
              <Table.Cell {...numeric}>{formatUsd(row.entry)}</Table.Cell>
              <Table.Cell {...numeric} color="fg.muted">
                {formatCalendarDate(row.close_date === null ? null : dayOf(row.close_date.date))}
              </Table.Cell>
              <Table.Cell {...numeric}>{formatUsd(row.close_price)}</Table.Cell>
              <Table.Cell {...numeric}>{formatWhole(openQuantity(row))}</Table.Cell>
              <Table.Cell {...numeric} color={toneColor[toneOf(row.pl)]} fontWeight="semibold">
                {formatSignedUsd(row.pl)}
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.pl_per} />
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.etf_pl_per} />
                <Text as="span" color="fg.muted" fontSize="xs" ms="1">
                  {row.etf ?? ''}
                </Text>
              </Table.Cell>
              <Table.Cell maxW="48" color="fg.muted">
                <Text truncate title={row.notes}>
                  {row.notes}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
