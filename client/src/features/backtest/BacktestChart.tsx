import { Box, Table, Text } from '@chakra-ui/react';
import type { BacktestGraphResponse } from '@insight/shared/backtest/schemas';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';

const pct = (value: number, digits = 2) => `${(value * 100).toFixed(digits)}%`;

/** A backtest's lines (cumulative return from the start's close) and their figures. */
export default function BacktestChart({
  result,
  height = 320,
}: {
  result: BacktestGraphResponse;
  height?: number;
}) {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const series: NonNullable<ApexOptions['series']> = result.series.map((line) => ({
    name: line.name,
    data: result.dates.map((date, i) => ({ x: day(date), y: (line.values[i] ?? 0) * 100 })),
  }));
  const options: ApexOptions = {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
    },
    stroke: {
      width: 2,
      curve: 'straight',
      dashArray: result.series.map((s) => (s.kind === 'benchmark' ? 5 : 0)),
    },
    dataLabels: { enabled: false },
    legend: { position: 'top', horizontalAlign: 'left' },
    grid: { borderColor: '#E4E4E7', strokeDashArray: 4 },
    xaxis: { type: 'datetime', labels: { datetimeUTC: true } },
    yaxis: { labels: { formatter: (v: number) => `${v.toFixed(1)}%` } },
    tooltip: { x: { format: 'MM/dd/yyyy' }, y: { formatter: (v: number) => `${v.toFixed(2)}%` } },
  };
  return (
    <Box minW="0" data-testid="backtest-chart">
      <Chart type="line" series={series} options={options} height={height} />
      <Box overflowX="auto" mt="3">
        <Table.Root size="sm" variant="outline" aria-label="Backtest figures">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader></Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Total return</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Volatility</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Sharpe</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">Max drawdown</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {result.series.map((line) => (
              <Table.Row key={line.name}>
                <Table.Cell fontWeight="medium">{line.name}</Table.Cell>
                <Table.Cell textAlign="end" color={line.stats.totalReturn >= 0 ? 'green.600' : 'red.600'}>
                  {pct(line.stats.totalReturn)}
                </Table.Cell>
                <Table.Cell textAlign="end">{pct(line.stats.volatility, 1)}</Table.Cell>
                <Table.Cell textAlign="end">
                  {line.stats.sharpe === null ? '—' : line.stats.sharpe.toFixed(2)}
                </Table.Cell>
                <Table.Cell textAlign="end">{pct(-line.stats.maxDrawdown, 1)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {result.missing.length > 0 && (
        <Text fontSize="sm" color="fg.muted" mt="2">
          No prices in this period for {result.missing.join(', ')}.
        </Text>
      )}
    </Box>
  );
}
