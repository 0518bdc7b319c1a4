import type { SymbolToEtfChart } from '@insight/shared';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';

/** The selected symbols' change since the start day against SPY's (loaded on demand). */
export default function PerformanceChart({ charts, height }: { charts: SymbolToEtfChart[]; height: number }) {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const first = charts[0];
  const series: NonNullable<ApexOptions['series']> = [
    ...charts.map((chart) => ({
      name: chart.symbol,
      data: chart.points.map((point) => ({ x: day(point.date), y: point.symbol_pct })),
    })),
    ...(first
      ? [{ name: 'SPY', data: first.points.map((point) => ({ x: day(point.date), y: point.etf_pct })) }]
      : []),
  ];
  const options: ApexOptions = {
    chart: {
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
    },
    stroke: { width: 2, curve: 'straight', dashArray: [...charts.map(() => 0), 5] },
    dataLabels: { enabled: false },
    legend: { position: 'top', horizontalAlign: 'left' },
    grid: { borderColor: '#E4E4E7', strokeDashArray: 4 },
    xaxis: { type: 'datetime', labels: { datetimeUTC: true } },
    yaxis: { labels: { formatter: (v: number) => `${v.toFixed(1)}%` } },
    tooltip: { x: { format: 'MMM d, yyyy' }, y: { formatter: (v: number) => `${v.toFixed(2)}%` } },
  };
  return <Chart type="line" series={series} options={options} height={height} />;
}
