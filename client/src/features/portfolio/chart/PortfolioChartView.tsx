import type { PortfolioChart } from '@insight/shared';
import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import { formatSignedPercent } from '../format';
import { timeUnitFor } from './ranges';

const palette = ['#00BA6C', '#52525B', '#3B82F6', '#F59E0B', '#8B5CF6', '#EC4899', '#14B8A6', '#EF4444'];

/** How each time unit labels the axis (spec 001 §9: day under 10 points, month over 60). */
const axisFormat = { day: 'MMM dd', week: 'MMM dd', month: "MMM 'yy" } as const;

/**
 * The portfolio's unit price and the benchmarks, each as percent change since the range's first day.
 * Loaded on its own (React.lazy): ApexCharts is large.
 */
export default function PortfolioChartView({ chart, height }: { chart: PortfolioChart; height: number }) {
  const days = chart.chart_data.labels.map((label) => Date.parse(`${label.slice(0, 10)}T00:00:00Z`));
  const unit = timeUnitFor(days.length);
  const series: NonNullable<ApexOptions['series']> = chart.chart_data.datasets.map((dataset, index) => ({
    name: dataset.label,
    type: index === 0 ? 'area' : 'line',
    data: dataset.data.map((value, at) => ({ x: days[at] ?? 0, y: value })),
  }));
  const options: ApexOptions = {
    chart: {
      fontFamily: 'inherit',
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: false },
      parentHeightOffset: 0,
    },
    colors: palette,
    stroke: {
      width: series.map((_, index) => (index === 0 ? 2.5 : 1.75)),
      curve: 'straight',
      dashArray: series.map((_, index) => (index === 0 ? 0 : 4)),
    },
    fill: {
      type: series.map((_, index) => (index === 0 ? 'gradient' : 'solid')),
      gradient: { shadeIntensity: 0, opacityFrom: 0.26, opacityTo: 0.02, stops: [0, 100] },
    },
    dataLabels: { enabled: false },
    markers: { size: days.length < 10 ? 3 : 0, hover: { size: 4 } },
    legend: { position: 'top', horizontalAlign: 'left', fontSize: '12px', markers: { size: 5 } },
    grid: { borderColor: '#E4E4E7', strokeDashArray: 4, padding: { left: 8, right: 8 } },
    xaxis: {
      type: 'datetime',
      labels: {
        datetimeUTC: true,
        style: { colors: '#71717A', fontSize: '11px' },
        format: axisFormat[unit],
      },
      tickAmount: unit === 'day' ? Math.max(1, days.length - 1) : undefined,
      axisBorder: { show: false },
      axisTicks: { show: false },
      tooltip: { enabled: false },
    },
    yaxis: {
      labels: {
        formatter: (value: number) => `${Number.isInteger(value) ? value : value.toFixed(1)}%`,
        style: { colors: '#71717A', fontSize: '11px' },
      },
    },
    annotations: { yaxis: [{ y: 0, borderColor: '#A1A1AA', strokeDashArray: 0 }] },
    tooltip: {
      shared: true,
      x: { format: 'MM/dd/yy' },
      y: { formatter: (value: number) => formatSignedPercent(value) },
    },
  };
  return <Chart type="line" series={series} options={options} height={height} width="100%" />;
}
