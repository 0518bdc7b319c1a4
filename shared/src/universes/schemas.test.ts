import { describe, expect, it } from 'vitest';
import { normaliseSymbolFilter, parseTickers, universeMessages, universeNameField } from './schemas';

describe('parsing the ticker input (spec 002 §5)', () => {
  it.each([
    [
      'commas, spaces and new lines',
      'aapl,msft NVDA\ngoog\r\n\tamzn',
      ['AAPL', 'MSFT', 'NVDA', 'GOOG', 'AMZN'],
    ],
    ['empties dropped', ' , ,\n\n aapl ,, ', ['AAPL']],
    ['duplicates dropped, first kept', 'msft aapl MSFT Aapl', ['MSFT', 'AAPL']],
    ['an array of texts', ['aapl, msft', 'brk.b'], ['AAPL', 'MSFT', 'BRK.B']],
    ['nothing', undefined, []],
  ])('%s', (_case, input, tickers) => {
    expect(parseTickers(input)).toEqual({ tickers, invalid: [] });
  });

  it('names the tokens that cannot be symbols', () => {
    expect(parseTickers('AAPL $$$ toolongsymbol1 a/b')).toEqual({
      tickers: ['AAPL'],
      invalid: ['$$$', 'TOOLONGSYMBOL1', 'A/B'],
    });
  });
});

describe('the refusals name the symbols', () => {
  it('names the first 20 and counts the rest', () => {
    const many = Array.from({ length: 23 }, (_, i) => `ZZ${i}`);
    expect(universeMessages.unknownTickers(['ZZZQ'])).toBe('unknown symbol: ZZZQ');
    expect(universeMessages.unknownTickers(many)).toBe(
      `unknown symbols: ${many.slice(0, 20).join(', ')} and 3 more`,
    );
  });
});

describe('the universe name and the symbol filter', () => {
  it('needs a name after trimming, of 50 characters at most', () => {
    expect(universeNameField.safeParse('   ').error?.issues[0]?.message).toBe('please set universe name');
    expect(universeNameField.safeParse('x'.repeat(51)).success).toBe(false);
    expect(universeNameField.parse(`  ${'x'.repeat(50)} `)).toBe('x'.repeat(50));
  });

  it('upper-cases the filter and keeps 20 characters', () => {
    expect(normaliseSymbolFilter('  aapl')).toBe('AAPL');
    expect(normaliseSymbolFilter('a'.repeat(25))).toBe('A'.repeat(20));
  });
});
