import { SimpleGrid, Table } from '@chakra-ui/react';
import type { Stock } from '@insight/shared';
import { toneColor } from './format';
import type { LivePrice } from './live';
import { stockRows, type StockRow } from './stockRows';

/**
 * The data table (spec 000 §2): 14 rows in two columns of seven, trading figures on the left and
 * the company's fundamentals on the right; one column on a phone.
 */
export function StockDataTable({ stock, price }: { stock: Stock; price: LivePrice }) {
  const rows = stockRows(stock, price);
  const half = Math.ceil(rows.length / 2);
  return (
    <SimpleGrid columns={{ base: 1, md: 2 }} columnGap="8">
      <RowsTable label="Trading" rows={rows.slice(0, half)} />
      <RowsTable label="Fundamentals" rows={rows.slice(half)} />
    </SimpleGrid>
  );
}

function RowsTable({ label, rows }: { label: string; rows: StockRow[] }) {
  return (
    <Table.Root size="sm" aria-label={label}>
      <Table.Body>
        {rows.map((row) => (
          <Table.Row key={row.label} bg="transparent">
            <Table.Cell color="fg.muted" px="0" py="2.5">
              {row.label}
            </Table.Cell>
            <Table.Cell
              textAlign="end"
              px="0"
              py="2.5"
              fontWeight="semibold"
              fontVariantNumeric="tabular-nums"
              whiteSpace="nowrap"
              color={row.tone ? toneColor[row.tone] : 'fg'}
              data-tone={row.tone}
            >
              {row.value}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
