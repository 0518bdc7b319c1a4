import { describe, expect, it } from 'vitest';
import { derivationText } from './AlertText';
import { groupDerived } from './atoms';

describe('derived alerts', () => {
  it('name the rating they derive from, with its New York date', () => {
    const rated_at = Date.parse('2026-11-17T15:00:00Z') / 1000;
    expect(derivationText({ type: 1016, analyst_name: 'Avery Pemberton', rating: 'buy', rated_at })).toBe(
      'since Avery Pemberton\u2019s Buy of 11/17/26',
    );
    expect(
      derivationText({ type: 1014, analyst_name: 'Avery Pemberton', rating: 'buy', rated_at }),
    ).toBeNull();
  });

  it('of one kind for one stock share one card, the newest; ratings stay apart', () => {
    const alerts = [
      { id: 5, type: 1016, symbol: 'CARS' },
      { id: 4, type: 1014, symbol: 'CARS' },
      { id: 3, type: 1016, symbol: 'CARS' },
      { id: 2, type: 1004, symbol: 'CARS' },
      { id: 1, type: 1014, symbol: 'CARS' },
    ] as const;
    expect(groupDerived(alerts).map((alert) => alert.id)).toEqual([5, 4, 2, 1]);
  });
});
