import type { SymbolToEtfChart } from '@insight/shared';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import { formatSignedPercent } from './format';

/**
 * The symbol's and the ETF's change since the entry, day by day. Loaded on demand (React.lazy in
 * CompareDialog): ApexCharts is large and only this dialog needs it.
 */
export default function CompareChart({ chart, height }: { chart: SymbolToEtfChart; height: number }) {
  const day = (date: string) => Date.parse(`${date}T00:00:00Z`);
  const series: NonNullable<ApexOptions['series']> = [
    {
      name: chart.symbol,
      type: 'area',
      data: chart.points.map((point) => ({ x: day(point.date), y: point.symbol_pct })),
    },
    {
      name: chart.etf,
      type: 'line',
      data: chart.points.map((point) => ({ x: day(point.date), y: point.etf_pct })),
    },
  ];
  const options: ApexOptions = {
    chart: {
      fontFamily: `'Inter', system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif`,
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
    },
    colors: ['#00BA6C', '#52525B'],
    stroke: { width: [2.5, 2], curve: 'straight', dashArray: [0, 5] },
    fill: {
      type: ['gradient', 'solid'],
      gradient: { shadeIntensity: 0, opacityFrom: 0.28, opacityTo: 0.02, stops: [0, 100] },
    },
    dataLabels: { enabled: false },
    markers: { size: 0, hover: { size: 4 } },
    legend: { position: 'top', horizontalAlign: 'left', fontSize: '13px', markers: { size: 5 } },
    grid: { borderColor: '#E4E4E7', strokeDashArray: 4, padding: { left: 8, right: 8 } },
    xaxis: {
      type: 'datetime',
      labels: { datetimeUTC: true, style: { colors: '#71717A' } },
      axisBorder: { show: false },
      axisTicks: { show: false },
      tooltip: { enabled: false },
    },
    yaxis: {
      labels: {
        formatter: (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`,
        style: { colors: '#71717A' },
      },
    },
    annotations: { yaxis: [{ y: 0, borderColor: '#A1A1AA', strokeDashArray: 0 }] },
    tooltip: {
      shared: true,
      x: { format: 'MM/dd/yy' },
      y: { formatter: (value: number) => formatSignedPercent(value) },
    },
  };
  return <Chart type="line" series={series} options={options} height={height} />;
}
