import fs from 'node:fs';
import path from 'node:path';

/** Annual figures the simulated market is drawn to: price drift and volatility of the index. */
export interface Calibration {
  annualDrift: number;
  annualVolatility: number;
  source: string;
}

export const defaultCalibration: Calibration = {
  annualDrift: 0.075,
  annualVolatility: 0.15,
  source: 'defaults',
};

export const shillerSeriesPath = path.resolve(
  import.meta.dirname,
  '../../../../../shared/data/sp500-shiller-monthly.csv',
);

/**
 * Drift and volatility of the S&P 500 from Robert Shiller's monthly series (../shared/data), over the
 * post-war years from 1950: log price returns, annualised (mean × 12, deviation × √12). Shiller's
 * prices are monthly averages of daily closes, and changes of averages have about 2/3 of the variance
 * of the underlying changes (Working, 1960), so the measured deviation is divided by √(2/3).
 */
export function calibrationFromShiller(csv: string, fromYear = 1950): Calibration {
  const prices: number[] = [];
  for (const line of csv.split('\n').slice(1)) {
    const [date, price] = line.split(',');
    if (!date || !price) continue;
    const value = Number(price);
    if (Number(date.slice(0, 4)) >= fromYear && value > 0) prices.push(value);
  }
  const returns = prices.slice(1).map((price, i) => Math.log(price / prices[i]!));
  if (returns.length < 120) return defaultCalibration;
  const mean = returns.reduce((sum, r) => sum + r, 0) / returns.length;
  const variance = returns.reduce((sum, r) => sum + (r - mean) ** 2, 0) / (returns.length - 1);
  return {
    annualDrift: mean * 12,
    annualVolatility: Math.sqrt((variance * 12) / (2 / 3)),
    source: `Shiller S&P 500 monthly series from ${fromYear} (${returns.length} months)`,
  };
}

/** The calibration from ../shared/data when it is there, else the defaults. */
export function loadCalibration(file = shillerSeriesPath): Calibration {
  try {
    return calibrationFromShiller(fs.readFileSync(file, 'utf8'));
  } catch {
    return defaultCalibration;
  }
}
