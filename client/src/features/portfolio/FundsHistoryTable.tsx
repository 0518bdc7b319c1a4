import { useRef } from 'react';
import { cardTableCss, useCardTableLabels } from '../../components/ui/cardTable';
import { Badge, Box, Table, Text } from '@chakra-ui/react';
import type { FundEntry } from '@insight/shared';
import { formatCalendarDate, formatHistoryPrice, formatUsd, formatWhole } from './format';
import { dayOf } from './rules';

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** Spec 001 §3 Fund entry: deposits and withdrawals, dated MM/DD/YY, the unit price with 4 decimals. */
export function FundsHistoryTable({ entries }: { entries: readonly FundEntry[] }) {
  const tableRef = useRef<HTMLDivElement>(null);
  useCardTableLabels(tableRef, [entries]);
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
      <Table.Root size="sm" aria-label="Funds history" css={{ '& td, & th': { px: '2.5' } }}>
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader>Date</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Amount</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Units</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Unit price</Table.ColumnHeader>
            <Table.ColumnHeader>Notes</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {entries.map((entry) => (
            <Table.Row key={entry.id} data-fund={entry.id}>
              <Table.Cell fontVariantNumeric="tabular-nums">
                {formatCalendarDate(dayOf(entry.date))}
              </Table.Cell>
              <Table.Cell>
                <Badge size="sm" variant="subtle" colorPalette={entry.amount >= 0 ? 'brand' : 'orange'}>
                  {entry.amount >= 0 ? 'Deposit' : 'Withdrawal'}
                </Badge>
              </Table.Cell>
              <Table.Cell {...numeric} fontWeight="semibold">
                {formatUsd(Math.abs(entry.amount))}
              </Table.Cell>
              <Table.Cell {...numeric}>{formatWhole(Math.abs(entry.units))}</Table.Cell>
              <Table.Cell {...numeric}>{formatHistoryPrice(entry.price)}</Table.Cell>
              <Table.Cell maxW="60" color="fg.muted">
                <Text truncate title={entry.notes}>
                  {entry.notes}
                </Text>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}
