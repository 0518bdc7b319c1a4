import { Box, Heading, Stack, Table, Text, chakra } from '@chakra-ui/react';
import type { Alert } from '@insight/shared';
import { useMemo, useState } from 'react';
import { useAtomValue } from '../../app/store';
import { feedAlertsAtom } from '../feed/atoms';

/** Every field of an alert (spec 000 §3), in the spec's order: the columns of the test table. */
const columns = [
  'id',
  'type',
  'rating',
  'symbol',
  'time',
  'analyst_name',
  'success_rate',
  'price_target',
  'sector_name',
  'company_name_2',
  'rate',
  'earning_date',
  'market_cap',
  'mc_index',
  'beta',
  'upside',
  'pe_ratio_12m',
  'universes',
  'rating_id',
  'firm',
  'price_when_posted',
  'last_price',
] as const satisfies readonly (keyof Alert)[];
type Column = (typeof columns)[number];

type Sort = { column: Column; direction: 'asc' | 'desc' };

function cell(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return cell(a).localeCompare(cell(b), undefined, { numeric: true });
}

const SortButton = chakra('button', {
  base: {
    display: 'inline-flex',
    gap: '1',
    alignItems: 'center',
    fontWeight: 'semibold',
    whiteSpace: 'nowrap',
    cursor: 'pointer',
    rounded: 'sm',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' },
  },
});

/**
 * Spec 000 §2 tab 15, "a test table page": the user's current alerts with every field, sortable by
 * any column (click a header; again to reverse), for support staff checking what the feed holds.
 */
export function TestTablePage() {
  const alerts = useAtomValue(feedAlertsAtom);
  const [sort, setSort] = useState<Sort>({ column: 'time', direction: 'desc' });
  const rows = useMemo(() => {
    if (alerts === null) return null;
    const sorted = [...alerts].sort((a, b) => compare(a[sort.column], b[sort.column]));
    return sort.direction === 'asc' ? sorted : sorted.reverse();
  }, [alerts, sort]);

  const sortBy = (column: Column) =>
    setSort((current) =>
      current.column === column
        ? { column, direction: current.direction === 'asc' ? 'desc' : 'asc' }
        : { column, direction: 'asc' },
    );

  return (
    <Stack gap="4" py={{ base: '4', md: '6' }}>
      <Stack gap="1">
        <Heading as="h1" size="xl">
          Test table
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {rows === null
            ? 'Loading the alerts…'
            : `${rows.length} ${rows.length === 1 ? 'alert' : 'alerts'} of the current profile, every field as received.`}
        </Text>
      </Stack>
      {rows !== null && rows.length === 0 && <Text>No alerts for this profile right now.</Text>}
      {rows !== null && rows.length > 0 && (
        <Box overflowX="auto" borderWidth="1px" rounded="lg" bg="bg.panel" maxW="full">
          <Table.Root size="sm" striped aria-label="Alerts, every field" data-testid="test-table">
            <Table.Header>
              <Table.Row>
                {columns.map((column) => {
                  const active = sort.column === column;
                  return (
                    <Table.ColumnHeader
                      key={column}
                      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
                    >
                      <SortButton type="button" onClick={() => sortBy(column)}>
                        {column}
                        <Box as="span" aria-hidden color={active ? 'fg' : 'fg.subtle'}>
                          {active ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                        </Box>
                      </SortButton>
                    </Table.ColumnHeader>
                  );
                })}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((alert) => (
                <Table.Row key={alert.id}>
                  {columns.map((column) => (
                    <Table.Cell key={column} whiteSpace="nowrap" fontVariantNumeric="tabular-nums">
                      {cell(alert[column])}
                    </Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Box>
      )}
    </Stack>
  );
}
