import { describe, expect, it } from 'vitest';
import { earningsWarning, topWarning, type PositionWarning } from './badges';

const today = '2026-03-11';

describe('the earnings badge (spec 001 §9)', () => {
  it.each([
    ['3 days ago', '2026-03-08', false],
    ['2 days ago', '2026-03-09', true],
    ['today', today, true],
    ['14 days ahead', '2026-03-25', true],
    ['15 days ahead', '2026-03-26', false],
    ['unknown', null, false],
  ])('shows for an earnings date %s: %s', (_case, earning, shows) => {
    expect(earningsWarning({ earning }, today) !== null).toBe(shows);
  });

  it('says how far away the date is', () => {
    expect(earningsWarning({ earning: '2026-03-13' }, today)?.text).toBe('Earnings in 2 days');
    expect(earningsWarning({ earning: '2026-03-10' }, today)?.text).toBe('Earnings 1 day ago');
  });
});

describe('the badge colour (spec 001 §4)', () => {
  const warning = (colour: PositionWarning['colour']): PositionWarning => ({
    colour,
    label: colour,
    text: colour,
  });
  it.each([
    [['green', 'grey', 'yellow', 'red'], 'red'],
    [['green', 'yellow', 'grey'], 'yellow'],
    [['green', 'grey'], 'grey'],
    [['green'], 'green'],
  ] as const)('of %j shows %s', (colours, top) => {
    expect(topWarning(colours.map(warning))?.colour).toBe(top);
  });

  it('is absent without warnings', () => {
    expect(topWarning([])).toBeNull();
  });
});
