import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';
import { formatUsd } from './format';

/** One close of the history: the day as YYYY-MM-DD (a New York trading day) and the price in USD. */
export interface ClosePoint {
  date: string;
  close: number;
}

interface PriceChartProps {
  symbol: string;
  points: readonly ClosePoint[];
  /** The range's direction: the line is green when it ends above its start, red below. */
  up: boolean;
  height: number;
}

const green = '#00BA6C';

/** The axis needs no cents above $100: $260 reads faster than $260.00, and leaves the plot room. */
const axisUsd = (value: number) =>
  Math.abs(value) >= 100 ? `$${Math.round(value).toLocaleString('en-US')}` : formatUsd(value);
const red = '#db4437';

/**
 * The price chart (apexcharts), loaded on its own with React.lazy: the library is large and only
 * this page draws it. Days are placed as UTC midnights so the axis shows the trading day the data
 * names, whatever the reader's time zone.
 */
export default function PriceChart({ symbol, points, up, height }: PriceChartProps) {
  const color = up ? green : red;
  const series = [
    {
      name: symbol,
      data: points.map((point) => ({ x: Date.parse(`${point.date}T00:00:00Z`), y: point.close })),
    },
  ];
  const options: ApexOptions = {
    chart: {
      id: `price-${symbol}`,
      type: 'area',
      fontFamily: 'inherit',
      toolbar: { show: false },
      zoom: { enabled: false },
      animations: { enabled: true, speed: 350 },
      parentHeightOffset: 0,
    },
    colors: [color],
    stroke: { curve: 'straight', width: 2 },
    fill: {
      type: 'gradient',
      gradient: { shadeIntensity: 1, opacityFrom: 0.28, opacityTo: 0.02, stops: [0, 95, 100] },
    },
    dataLabels: { enabled: false },
    markers: { size: 0, hover: { size: 4 } },
    grid: {
      borderColor: 'rgba(0, 0, 0, 0.07)',
      strokeDashArray: 3,
      padding: { left: 8, right: 8 },
      xaxis: { lines: { show: false } },
    },
    xaxis: {
      type: 'datetime',
      labels: {
        datetimeUTC: true,
        style: { colors: '#71717a', fontSize: '11px' },
        datetimeFormatter: { year: 'yyyy', month: "MMM 'yy", day: 'MMM dd' },
      },
      axisBorder: { show: false },
      axisTicks: { show: false },
      tooltip: { enabled: false },
      crosshairs: { stroke: { color: '#a1a1aa', width: 1, dashArray: 3 } },
    },
    yaxis: {
      opposite: true,
      tickAmount: 5,
      labels: {
        style: { colors: '#71717a', fontSize: '11px' },
        formatter: axisUsd,
      },
    },
    tooltip: {
      theme: 'light',
      x: { format: 'MMM dd, yyyy' },
      y: { formatter: (value: number) => formatUsd(value), title: { formatter: () => 'Close' } },
      marker: { show: false },
    },
    legend: { show: false },
  };
  return <Chart type="area" series={series} options={options} height={height} width="100%" />;
}
