import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Fund, GicsSector } from './universe';
import { companies, companyByTicker, fundByTicker, funds, gicsSectors, sectorEtf } from './universe';

// Real reference data kept outside the repo (see /work/shared/data/README.md); read-only, test time only.
const csvPath = fileURLToPath(new URL('../../../../../shared/data/sp500-constituents.csv', import.meta.url));
const csvPresent = existsSync(csvPath);

/** Splits one CSV line, honouring double-quoted fields. */
function csvFields(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields;
}

interface Constituent {
  name: string;
  sector: string;
  subIndustry: string;
}

function readConstituents(): Map<string, Constituent> {
  const lines = readFileSync(csvPath, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = csvFields(lines[0] ?? '');
  const column = (name: string) => {
    const at = header.indexOf(name);
    if (at < 0) throw new Error(`${csvPath} has no column ${name}`);
    return at;
  };
  const [symbol, security, sector, subIndustry] = [
    column('Symbol'),
    column('Security'),
    column('GICS Sector'),
    column('GICS Sub-Industry'),
  ];
  const byTicker = new Map<string, Constituent>();
  for (const line of lines.slice(1)) {
    const fields = csvFields(line);
    byTicker.set(fields[symbol] ?? '', {
      name: fields[security] ?? '',
      sector: fields[sector] ?? '',
      subIndustry: fields[subIndustry] ?? '',
    });
  }
  return byTicker;
}

const inSp500 = companies.filter((company) => company.indexes.includes('S&P 500'));

describe('the simulated market universe', () => {
  it('has at least 320 companies', () => {
    expect(companies.length).toBeGreaterThanOrEqual(320);
  });

  it.each(gicsSectors)('has at least 15 companies in %s', (sector) => {
    expect(companies.filter((company) => company.sector === sector).length).toBeGreaterThanOrEqual(15);
  });

  it('lists every sector exactly once', () => {
    expect(new Set(gicsSectors).size).toBe(11);
    expect(Object.keys(sectorEtf).sort()).toEqual([...gicsSectors].sort());
  });

  it('never repeats a ticker, among companies and funds together', () => {
    const tickers = [...companies.map((company) => company.ticker), ...funds.map((fund) => fund.ticker)];
    expect(new Set(tickers).size).toBe(tickers.length);
  });

  it('is mostly S&P 500 members, with at least 40 Russell 2000 small caps', () => {
    const small = companies.filter((company) => company.indexes.includes('Russell 2000'));
    expect(small.length).toBeGreaterThanOrEqual(40);
    expect(inSp500.length).toBeGreaterThan(companies.length / 2);
  });

  it('flags index memberships consistently', () => {
    for (const { ticker, indexes } of companies) {
      const has = (name: (typeof indexes)[number]) => indexes.includes(name);
      expect(new Set(indexes).size, ticker).toBe(indexes.length);
      if (has('S&P 500'))
        expect(has('Russell 1000'), `${ticker} is in the S&P 500, so in the Russell 1000`).toBe(true);
      if (has('S&P 100'))
        expect(has('S&P 500'), `${ticker} is in the S&P 100 but not the S&P 500`).toBe(true);
      expect(
        has('S&P 500') && has('Russell 2000'),
        `${ticker} is in both the S&P 500 and the Russell 2000`,
      ).toBe(false);
      expect(has('Russell 1000') && has('Russell 2000'), `${ticker} is in both Russell indexes`).toBe(false);
    }
  });

  it('lists NASDAQ 100 members only among Nasdaq listings', () => {
    for (const company of companies.filter((c) => c.indexes.includes('NASDAQ 100'))) {
      expect(company.exchange, company.ticker).toBe('NASDAQ');
    }
  });

  it('has plausible calibration seeds and a description for every company', () => {
    for (const company of companies) {
      expect(company.ticker, company.name).toMatch(/^[A-Z]{1,5}(\.[A-Z])?$/);
      expect(company.price, company.ticker).toBeGreaterThan(0);
      expect(company.sharesOutstanding, company.ticker).toBeGreaterThan(0);
      expect(company.beta, company.ticker).toBeGreaterThanOrEqual(0.3);
      expect(company.beta, company.ticker).toBeLessThanOrEqual(2.5);
      expect(company.dividendYield, company.ticker).toBeGreaterThanOrEqual(0);
      expect(company.dividendYield, company.ticker).toBeLessThan(12);
      expect(company.industry, company.ticker).not.toBe('');
      expect(company.description.length, company.ticker).toBeGreaterThan(30);
    }
  });

  it('finds companies and funds by ticker, ignoring case', () => {
    expect(companyByTicker('AAPL')?.name).toBe('Apple Inc.');
    expect(companyByTicker(' brk.b ')?.sector).toBe('Financials');
    expect(companyByTicker('SPY')).toBeUndefined();
    expect(companyByTicker('NOPE')).toBeUndefined();
    expect(fundByTicker('spy')?.family).toBe('Broad');
    expect(fundByTicker('AAPL')).toBeUndefined();
  });
});

describe('the funds', () => {
  it('include the broad-market funds, without a sector', () => {
    for (const ticker of ['SPY', 'RSP', 'QQQ', 'IWM', 'DIA']) {
      const fund = fundByTicker(ticker);
      expect(fund?.family, ticker).toBe('Broad');
      expect(fund?.sector, ticker).toBeNull();
    }
  });

  it('include the SPDR ETF of every sector', () => {
    for (const sector of gicsSectors) {
      const fund = fundByTicker(sectorEtf[sector]);
      expect(fund, `${sector} has no fund ${sectorEtf[sector]}`).toBeDefined();
      expect(fund?.family).toBe('SPDR');
      expect(fund?.sector).toBe(sector);
    }
    expect(Object.values(sectorEtf).sort()).toEqual(
      ['XLK', 'XLV', 'XLF', 'XLY', 'XLC', 'XLI', 'XLP', 'XLE', 'XLU', 'XLRE', 'XLB'].sort(),
    );
  });

  const families: Record<Exclude<Fund['family'], 'Broad'>, string[]> = {
    SPDR: ['XLK', 'XLV', 'XLF', 'XLY', 'XLC', 'XLI', 'XLP', 'XLE', 'XLU', 'XLRE', 'XLB'],
    iShares: ['IYW', 'IYH', 'IYF', 'IYC', 'IYZ', 'IYJ', 'IYK', 'IYE', 'IDU', 'IYR', 'IYM'],
    Vanguard: ['VGT', 'VHT', 'VFH', 'VCR', 'VOX', 'VIS', 'VDC', 'VDE', 'VPU', 'VNQ', 'VAW'],
  };

  it.each(Object.entries(families))(
    'complete the %s sector family, one fund per sector',
    (family, tickers) => {
      const members = funds.filter((fund) => fund.family === family);
      expect(members.map((fund) => fund.ticker).sort()).toEqual([...tickers].sort());
      const sectors = members
        .map((fund) => fund.sector)
        .filter((sector): sector is GicsSector => sector !== null);
      expect(sectors.sort()).toEqual([...gicsSectors].sort());
    },
  );

  it('have prices and descriptions', () => {
    for (const fund of funds) {
      expect(fund.price, fund.ticker).toBeGreaterThan(0);
      expect(fund.description.length, fund.ticker).toBeGreaterThan(20);
    }
  });
});

describe('agreement with the real S&P 500 constituents list', () => {
  const skipped = csvPresent ? '' : ` (skipped: ${csvPath} is absent on this machine)`;

  it.skipIf(!csvPresent)(`lists every S&P 500 company with its real GICS sector${skipped}`, () => {
    const constituents = readConstituents();
    const problems: string[] = [];
    for (const company of inSp500) {
      const row = constituents.get(company.ticker);
      if (!row) problems.push(`${company.ticker} is not in the S&P 500 list`);
      else if (row.sector !== company.sector)
        problems.push(`${company.ticker}: ${company.sector}, list says ${row.sector}`);
    }
    expect(problems).toEqual([]);
  });

  it.skipIf(!csvPresent)(
    `gives at least 90% of S&P 500 companies their real GICS sub-industry${skipped}`,
    () => {
      const constituents = readConstituents();
      const agreeing = inSp500.filter(
        (company) => constituents.get(company.ticker)?.subIndustry === company.industry,
      );
      expect(agreeing.length / inSp500.length).toBeGreaterThanOrEqual(0.9);
    },
  );

  it.skipIf(!csvPresent)(`puts no Russell 2000 company in the S&P 500${skipped}`, () => {
    const constituents = readConstituents();
    const small = companies.filter((company) => company.indexes.includes('Russell 2000'));
    expect(
      small.filter((company) => constituents.has(company.ticker)).map((company) => company.ticker),
    ).toEqual([]);
  });
});
