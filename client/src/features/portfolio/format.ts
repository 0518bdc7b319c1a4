import { portfolioDefaults } from '@insight/shared';
import { formatSignedPercent, notAvailable } from '../watchlist/format';

export {
  formatCalendarDate,
  formatSignedPercent,
  formatUsd,
  notAvailable,
  toneColor,
  toneOf,
} from '../watchlist/format';

type Maybe = number | null | undefined;
const known = (value: Maybe): value is number => typeof value === 'number' && Number.isFinite(value);

const fixed = (digits: number) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const unitPriceFormat = fixed(portfolioDefaults.unitPriceShownDecimals);
const historyPriceFormat = fixed(portfolioDefaults.historyPriceShownDecimals);
const whole = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
const signedUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  signDisplay: 'exceptZero',
});

/** Spec 001 §9: the unit price with 5 decimals (1.00000). */
export const formatUnitPrice = (value: Maybe): string =>
  known(value) ? unitPriceFormat.format(value) : notAvailable;

/** Spec 001 §9: a fund entry's unit price with 4 decimals. */
export const formatHistoryPrice = (value: Maybe): string =>
  known(value) ? historyPriceFormat.format(value) : notAvailable;

/** 12,500 */
export const formatWhole = (value: Maybe): string => (known(value) ? whole.format(value) : notAvailable);

/** +$1,234.56 / -$1,234.56 */
export const formatSignedUsd = (value: Maybe): string =>
  known(value) ? signedUsd.format(value) : notAvailable;

/** "+$120.00 (+1.20%)" */
export const formatMoneyAndPercent = (money: Maybe, percent: Maybe): string =>
  known(percent) ? `${formatSignedUsd(money)} (${formatSignedPercent(percent)})` : formatSignedUsd(money);
