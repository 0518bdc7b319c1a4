import type { ChartData } from '@insight/shared/reports/schemas';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';

const base: ApexOptions['chart'] = {
  toolbar: { show: false },
  zoom: { enabled: false },
  animations: { enabled: false },
  parentHeightOffset: 0,
};

/** The market trend graph: each line the percent change since its first close of the range. */
export function MarketTrendChart({ chart, height }: { chart: ChartData; height: number }) {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const series: NonNullable<ApexOptions['series']> = chart.datasets.map((set) => ({
    name: set.label,
    data: set.data.map((y, i) => ({ x: day(chart.labels[i]!), y })),
  }));
  const options: ApexOptions = {
    chart: base,
    stroke: { width: chart.datasets.map((set) => (set.label === 'SPY' ? 3 : 1.5)), curve: 'straight' },
    dataLabels: { enabled: false },
    legend: { position: 'top', horizontalAlign: 'left' },
    grid: { borderColor: '#E4E4E7', strokeDashArray: 4 },
    xaxis: { type: 'datetime', labels: { datetimeUTC: true } },
    yaxis: { labels: { formatter: (v: number) => `${v.toFixed(1)}%` } },
    tooltip: { shared: true, x: { format: 'MM/dd/yy' }, y: { formatter: (v: number) => `${v.toFixed(2)}%` } },
  };
  return <Chart type="line" series={series} options={options} height={height} />;
}

/** The analyst sector trend: per sector, the net ratings of the previous and recent periods, and the change. */
export function SectorTrendChart({ chart, height }: { chart: ChartData; height: number }) {
  const series: NonNullable<ApexOptions['series']> = chart.datasets.map((set) => ({
    name: set.label,
    data: set.data.map((value) => value ?? 0),
  }));
  const options: ApexOptions = {
    chart: base,
    colors: ['#A1A1AA', '#00BA6C', '#3B82F6'],
    plotOptions: { bar: { columnWidth: '70%' } },
    dataLabels: { enabled: false },
    legend: { position: 'top', horizontalAlign: 'left' },
    grid: { borderColor: '#E4E4E7', strokeDashArray: 4 },
    xaxis: { categories: chart.labels, labels: { rotate: -45, hideOverlappingLabels: false, trim: false } },
    yaxis: { labels: { formatter: (v: number) => v.toFixed(0) } },
    tooltip: { shared: true, intersect: false },
  };
  return <Chart type="bar" series={series} options={options} height={height} />;
}
