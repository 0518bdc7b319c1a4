import { Badge, Box, Button, Checkbox, Flex, Link, Skeleton, Stack, Table, Text } from '@chakra-ui/react';
import { scanMessages, sectorDisplayName, type OpportunityRow, type SymbolToEtfChart } from '@insight/shared';
import { DateTime } from 'luxon';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { watchlistCalls } from '../watchlist/api';
import { gaugeColor, RankDialog } from './RankDialog';

const PerformanceChart = lazy(() => import('./PerformanceChart'));

const money = (value: number) => `$${value.toFixed(2)}`;
const compact = (value: number | null) =>
  value === null
    ? '—'
    : new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(value);

interface Props {
  /** Sector name → rows, in the order the sectors were chosen; undefined while a sector is still running. */
  sectors: { name: string; rows: OpportunityRow[] | undefined }[];
  selected: ReadonlySet<string>;
  onSelect(tickers: string[], on: boolean): void;
  onBack(): void;
  onAdd(): void;
  excelHref: string | null;
}

/** The results stage (spec 002 §2.3): a table per sector, selection, the chart of the selection, export. */
export function ResultsStage({ sectors, selected, onSelect, onBack, onAdd, excelHref }: Props) {
  const [rank, setRank] = useState<OpportunityRow | null>(null);
  return (
    <Stack gap="6">
      <Flex justify="space-between" gap="3" wrap="wrap" align="center">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Flex gap="3" align="center" wrap="wrap">
          {excelHref && (
            <Link href={excelHref} download fontSize="sm" color="brand.fg">
              Export to Excel
            </Link>
          )}
          <Button colorPalette="brand" disabled={selected.size === 0} onClick={onAdd}>
            Next: add {selected.size || ''} to portfolio
          </Button>
        </Flex>
      </Flex>

      {sectors.map((sector) => (
        <SectorTable
          key={sector.name}
          name={sector.name}
          rows={sector.rows}
          selected={selected}
          onSelect={onSelect}
          onRank={setRank}
        />
      ))}

      <SelectionChart symbols={[...selected].sort()} />
      <RankDialog row={rank} onClose={() => setRank(null)} />
    </Stack>
  );
}

function SectorTable({
  name,
  rows,
  selected,
  onSelect,
  onRank,
}: {
  name: string;
  rows: OpportunityRow[] | undefined;
  selected: ReadonlySet<string>;
  onSelect(tickers: string[], on: boolean): void;
  onRank(row: OpportunityRow): void;
}) {
  const tickers = rows?.map((row) => row.ticker) ?? [];
  const all = tickers.length > 0 && tickers.every((t) => selected.has(t));
  const some = tickers.some((t) => selected.has(t));
  return (
    <Box as="section" aria-label={`${name} opportunities`}>
      <Text fontWeight="semibold" fontSize="lg" mb="2">
        {sectorDisplayName(name)}{' '}
        {rows && (
          <Text as="span" color="fg.muted" fontWeight="normal" fontSize="sm">
            · {rows.length}
          </Text>
        )}
      </Text>
      {rows === undefined ? (
        <Skeleton h="24" rounded="md" />
      ) : rows.length === 0 ? (
        <Text color="fg.muted" borderWidth="1px" rounded="md" p="4">
          {scanMessages.noOpportunities}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" interactive aria-label={`${name} results`}>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader w="8">
                  <Checkbox.Root
                    size="sm"
                    aria-label={`Select all of ${name}`}
                    checked={all ? true : some ? 'indeterminate' : false}
                    onCheckedChange={(d) => onSelect(tickers, d.checked === true)}
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                  </Checkbox.Root>
                </Table.ColumnHeader>
                <Table.ColumnHeader>Symbol</Table.ColumnHeader>
                <Table.ColumnHeader>Company</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Analysts</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Upside</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Market cap</Table.ColumnHeader>
                <Table.ColumnHeader>Earnings</Table.ColumnHeader>
                <Table.ColumnHeader>Risk</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Score</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.ticker} data-selected={selected.has(row.ticker) ? '' : undefined}>
                  <Table.Cell>
                    <Checkbox.Root
                      size="sm"
                      aria-label={`Select ${row.ticker}`}
                      checked={selected.has(row.ticker)}
                      onCheckedChange={(d) => onSelect([row.ticker], d.checked === true)}
                    >
                      <Checkbox.HiddenInput />
                      <Checkbox.Control />
                    </Checkbox.Root>
                  </Table.Cell>
                  <Table.Cell fontWeight="semibold">
                    <Link href={`/stock/${row.ticker}`} target="_blank" rel="noopener" color="brand.fg">
                      {row.ticker}
                    </Link>
                    {row.in_file && (
                      <Badge
                        ms="2"
                        size="xs"
                        colorPalette="brand"
                        variant="subtle"
                        title="Already in your portfolio"
                      >
                        in file
                      </Badge>
                    )}
                  </Table.Cell>
                  <Table.Cell maxW="16rem" truncate title={row.company}>
                    {row.company}
                  </Table.Cell>
                  <Table.Cell textAlign="end" title={row.analysts}>
                    {row.analysts === '' ? 0 : row.analysts.split(', ').length}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{money(row.lastPrice)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    {row.upside === null ? '—' : `${row.upside.toFixed(1)}%`}
                  </Table.Cell>
                  <Table.Cell textAlign="end">{compact(row.marketCap)}</Table.Cell>
                  <Table.Cell whiteSpace="nowrap">
                    {row.earningDate ? DateTime.fromISO(row.earningDate).toFormat('MM/dd/yy') : '—'}
                  </Table.Cell>
                  <Table.Cell>{row.normalizedScores.riskWord}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="subtle"
                      aria-label={`Opportunity rank of ${row.ticker}: ${row.totalScore}`}
                      color={gaugeColor(row.totalScore)}
                      fontWeight="bold"
                      onClick={() => onRank(row)}
                    >
                      {row.totalScore.toFixed(1)}
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Box>
  );
}

/** The performance of the selected symbols against SPY over the last three months. */
function SelectionChart({ symbols }: { symbols: string[] }) {
  const key = symbols.slice(0, 8).join(',');
  const [charts, setCharts] = useState<SymbolToEtfChart[] | null>(null);
  const start = useMemo(() => DateTime.now().minus({ months: 3 }).toISODate()!, []);
  useEffect(() => {
    if (key === '') return;
    const controller = new AbortController();
    setCharts(null);
    Promise.all(
      key.split(',').map((symbol) => watchlistCalls.compare(symbol, 'SPY', start, controller.signal)),
    ).then(
      (answers) => setCharts(answers),
      () => !controller.signal.aborted && setCharts([]),
    );
    return () => controller.abort();
  }, [key, start]);
  if (key === '') {
    return (
      <Text color="fg.muted" fontSize="sm">
        Select symbols to see how they did against SPY over the last three months.
      </Text>
    );
  }
  return (
    <Box as="section" aria-label="Performance of the selected symbols" borderWidth="1px" rounded="md" p="3">
      <Text fontWeight="semibold" mb="2">
        Performance against SPY, last three months{symbols.length > 8 ? ' (first 8 selected)' : ''}
      </Text>
      {charts === null ? (
        <Skeleton h="240px" />
      ) : (
        <Suspense fallback={<Skeleton h="240px" />}>
          <PerformanceChart charts={charts} height={240} />
        </Suspense>
      )}
    </Box>
  );
}
