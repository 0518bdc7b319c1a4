import { describe, expect, it } from 'vitest';
import { sectorOfName, shortCompanyName } from './service';

describe("a company's short name (the search alias and comp_name_2)", () => {
  it.each([
    ['Apple Inc.', 'Apple'],
    ['Alphabet Inc. (Class A)', 'Alphabet'],
    ['Berkshire Hathaway Inc. (Class B)', 'Berkshire Hathaway'],
    ['The Home Depot, Inc.', 'Home Depot'],
    ['The Coca-Cola Company', 'Coca-Cola'],
    ['Microsoft Corporation', 'Microsoft'],
    ['Booking Holdings Inc.', 'Booking Holdings'],
    ['Linde plc', 'Linde'],
    ['Accenture plc', 'Accenture'],
    ['3M', '3M'],
    ['Procter & Gamble Co.', 'Procter & Gamble'],
    ['Inc.', 'Inc.'],
  ])('shortens %s to %s', (name, short) => {
    expect(shortCompanyName(name)).toBe(short);
  });
});

describe("a company's sector", () => {
  it.each([
    ['Information Technology', 'XLK'],
    ['Real Estate', 'XLRE'],
    ['Communication Services', 'XLC'],
  ])('benchmarks %s with %s', (sector, etf) => {
    expect(sectorOfName(sector)?.symbol).toBe(etf);
  });

  it.each([null, 'Technology', 'Crypto'])('has no ETF for %j', (sector) => {
    expect(sectorOfName(sector)).toBeNull();
  });
});
