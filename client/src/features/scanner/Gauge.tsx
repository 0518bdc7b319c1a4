import type { ApexOptions } from 'apexcharts';
import Chart from 'react-apexcharts';

/** One radial-bar gauge of the rank dialog (loaded on demand: ApexCharts is large). */
export default function Gauge({ value, color }: { value: number; color: string }) {
  const options: ApexOptions = {
    chart: { sparkline: { enabled: true }, animations: { enabled: false } },
    colors: [color],
    plotOptions: {
      radialBar: {
        hollow: { size: '58%' },
        track: { background: '#E4E4E7' },
        dataLabels: {
          name: { show: false },
          value: { offsetY: 6, fontSize: '18px', fontWeight: 600, formatter: (v) => `${Math.round(v)}` },
        },
      },
    },
  };
  return (
    <Chart type="radialBar" series={[Math.max(0, Math.min(100, value))]} options={options} height={130} />
  );
}
