import { describe, expect, it } from 'vitest';
import { allocationBars } from './allocation';

describe('the allocation bars', () => {
  it("follow the spec's sector order (001 §9), cash last, with short names", () => {
    const bars = allocationBars({
      labels: ['Cash', 'Financials', 'Information Technology', 'Health Care', 'Energy'],
      series: [50, 10, 20, 15, 5],
      values: [5000, 1000, 2000, 1500, 500],
    });
    expect(bars.map((bar) => bar.label)).toEqual(['IT', 'Healthcare', 'Energy', 'Financials', 'Cash']);
    expect(bars.at(-1)).toMatchObject({ cash: true, percent: 50, value: 5000 });
  });
});
