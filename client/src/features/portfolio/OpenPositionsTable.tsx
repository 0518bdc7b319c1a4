import { useRef } from 'react';
import { cardTableCss, useCardTableLabels } from '../../components/ui/cardTable';
import { Badge, Box, Checkbox, HStack, IconButton, Menu, Portal, Table, Text } from '@chakra-ui/react';
import type { MonitorSetting, Position } from '@insight/shared';
import { Link as RouterLink } from 'react-router';
import { SectorText, SymbolLink } from '../watchlist/cells';
import { Change } from '../watchlist/Change';
import { warningsOf } from './badges';
import {
  formatCalendarDate,
  formatSignedUsd,
  formatUsd,
  formatWhole,
  notAvailable,
  toneColor,
  toneOf,
} from './format';
import { ChartIcon, ClockIcon, CloseCircleIcon, EditIcon, ExternalIcon, MoreIcon, TrashIcon } from './icons';
import type { LivePosition } from './live';
import { dayOf, openQuantity } from './rules';
import { WarningBadge } from './WarningBadge';

const numeric = { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

export type RowAction = 'edit' | 'close' | 'future' | 'compare' | 'delete';

/**
 * The open positions (spec 001 §3 Position), live: last price, value and P&L follow the pushed
 * quotes. Rows are selectable (for Get Actions, Close and Delete); each has its warning badge, its
 * stock page link, edit when `editable`, and a menu.
 */
export function OpenPositionsTable({
  rows,
  today,
  monitorSettings,
  selected,
  onSelect,
  onAction,
}: {
  rows: readonly LivePosition[];
  today: string;
  /** The file's monitor rules: the badges come from the same rules as the notifications. */
  monitorSettings: readonly MonitorSetting[];
  selected: ReadonlySet<number>;
  onSelect: (ids: ReadonlySet<number>) => void;
  onAction: (action: RowAction, position: Position) => void;
}) {
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const someSelected = rows.some((row) => selected.has(row.id));
  const toggle = (id: number, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelect(next);
  };
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
      <Table.Root
        size="sm"
        interactive
        aria-label="Open positions"
        css={{
          '& td, & th': { px: '2.5' },
          // From md up Symbol stays pinned (with the selection box) while the table scrolls sideways.
          '@media screen and (min-width: 48em)': {
            '& tr > :nth-of-type(1), & tr > :nth-of-type(2)': {
              position: 'sticky',
              zIndex: 1,
              bg: 'bg.panel',
            },
            '& thead tr > *': { bg: 'bg.muted' },
            '& tr > :nth-of-type(1)': { left: 0 },
            '& tr > :nth-of-type(2)': {
              left: '2.5rem',
              boxShadow: 'inset -1px 0 0 var(--chakra-colors-border)',
            },
          },
        }}
      >
        <Table.Header>
          <Table.Row bg="bg.muted">
            <Table.ColumnHeader w="10" minW="10">
              <Checkbox.Root
                size="sm"
                aria-label="Select all positions"
                checked={allSelected ? true : someSelected ? 'indeterminate' : false}
                onCheckedChange={(details) =>
                  onSelect(details.checked === true ? new Set(rows.map((row) => row.id)) : new Set())
                }
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
              </Checkbox.Root>
            </Table.ColumnHeader>
            <Table.ColumnHeader>Symbol</Table.ColumnHeader>
            <Table.ColumnHeader>Company</Table.ColumnHeader>
            <Table.ColumnHeader>Type</Table.ColumnHeader>
            <Table.ColumnHeader>Sector</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry date</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Entry</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Quantity</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Last</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Value</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>P&amp;L</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>P&amp;L %</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>ETF %</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Daily</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>% of file</Table.ColumnHeader>
            <Table.ColumnHeader {...numeric}>Earnings</Table.ColumnHeader>
            <Table.ColumnHeader w="16">
              <Text srOnly>Actions</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row) => (
            <Table.Row
              key={row.id}
              data-position={row.symbol}
              data-selected={selected.has(row.id) ? '' : undefined}
            >
              <Table.Cell>
                <Checkbox.Root
                  size="sm"
                  aria-label={`Select ${row.symbol} ${row.pos_type}`}
                  checked={selected.has(row.id)}
                  onCheckedChange={(details) => toggle(row.id, details.checked === true)}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                </Checkbox.Root>
              </Table.Cell>
              <Table.Cell>
                <HStack gap="1.5">
                  <SymbolLink symbol={row.symbol} />
                  <WarningBadge warnings={warningsOf(row, today, monitorSettings)} />
                </HStack>
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
              <Table.Cell color="fg.muted">
                <SectorText sector={row.sector} />
              </Table.Cell>
              <Table.Cell {...numeric} color="fg.muted">
                {formatCalendarDate(dayOf(row.entry_date.date))}
              </Table.Cell>
              <Table.Cell {...numeric}>{formatUsd(row.entry)}</Table.Cell>
              <Table.Cell {...numeric}>{formatWhole(openQuantity(row))}</Table.Cell>
              <Table.Cell {...numeric} fontWeight="semibold" data-live={row.live ? '' : undefined}>
                {formatUsd(row.last_price)}
              </Table.Cell>
              <Table.Cell {...numeric}>{formatUsd(row.current_val)}</Table.Cell>
              <Table.Cell {...numeric} color={toneColor[toneOf(row.pl)]} fontWeight="semibold">
                {formatSignedUsd(row.pl)}
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.pl_per} />
              </Table.Cell>
              <Table.Cell {...numeric} title={row.etf ?? undefined}>
                {/* One piece, so the phone's card keeps the ETF's name beside its change. */}
                <Box as="span" whiteSpace="nowrap">
                  <Change value={row.etf_pl_per} />
                  <Text as="span" color="fg.muted" fontSize="xs" ms="1">
                    {row.etf ?? ''}
                  </Text>
                </Box>
              </Table.Cell>
              <Table.Cell {...numeric}>
                <Change value={row.daily_change} />
              </Table.Cell>
              <Table.Cell {...numeric} color="fg.muted">
                {row.percent_file === null ? notAvailable : `${row.percent_file.toFixed(2)}%`}
              </Table.Cell>
              <Table.Cell {...numeric} color="fg.muted">
                {formatCalendarDate(row.earning)}
              </Table.Cell>
              <Table.Cell textAlign="end" py="1">
                <HStack gap="0" justify="end">
                  {row.editable && (
                    <IconButton
                      aria-label={`Edit ${row.symbol}`}
                      variant="ghost"
                      size="sm"
                      rounded="full"
                      onClick={() => onAction('edit', row)}
                    >
                      <EditIcon />
                    </IconButton>
                  )}
                  <PositionMenu position={row} onAction={onAction} />
                </HStack>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Box>
  );
}

function PositionMenu({
  position,
  onAction,
}: {
  position: Position;
  onAction: (action: RowAction, position: Position) => void;
}) {
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={(details) => {
        if (details.value !== 'page') onAction(details.value as RowAction, position);
      }}
    >
      <Menu.Trigger asChild>
        <IconButton aria-label={`Actions for ${position.symbol}`} variant="ghost" size="sm" rounded="full">
          <MoreIcon />
        </IconButton>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content minW="52">
            <Menu.Item value="close">
              <CloseCircleIcon />
              Close Position
            </Menu.Item>
            <Menu.Item value="future">
              <ClockIcon />
              Future Action
            </Menu.Item>
            <Menu.Item value="compare">
              <ChartIcon />
              Compare to Benchmark
            </Menu.Item>
            <Menu.Item value="page" asChild>
              <RouterLink to={`/stock/${encodeURIComponent(position.symbol)}`}>
                <ExternalIcon />
                Symbol&apos;s Page
              </RouterLink>
            </Menu.Item>
            {position.editable && (
              <>
                <Menu.Separator />
                <Menu.Item value="delete" color="danger.fg" _highlighted={{ bg: 'danger.subtle' }}>
                  <TrashIcon />
                  Delete
                </Menu.Item>
              </>
            )}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
