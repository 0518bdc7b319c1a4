import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Company, Fund, GicsSector, IndexName } from './universe';
import {
  companies,
  companyByTicker,
  fundByTicker,
  funds,
  gicsSectors,
  indexHistoryOf,
  sectorEtf,
} from './universe';

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
  added: string;
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
  const [symbol, security, sector, subIndustry, added] = [
    column('Symbol'),
    column('Security'),
    column('GICS Sector'),
    column('GICS Sub-Industry'),
    column('Date added'),
  ];
  const byTicker = new Map<string, Constituent>();
  for (const line of lines.slice(1)) {
    const fields = csvFields(line);
    byTicker.set(fields[symbol] ?? '', {
      name: fields[security] ?? '',
      sector: fields[sector] ?? '',
      subIndustry: fields[subIndustry] ?? '',
      added: fields[added] ?? '',
    });
  }
  return byTicker;
}

const membersOf = (index: IndexName) => companies.filter((company) => company.indexes.includes(index));
const tickersOf = (members: readonly Company[]) => members.map((company) => company.ticker).sort();
const inSp500 = membersOf('S&P 500');

describe('the simulated market universe', () => {
  it('has at least 700 companies', () => {
    expect(companies.length).toBeGreaterThanOrEqual(700);
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

  it('is mostly S&P 500 members, with about 150 Russell 2000 small caps', () => {
    const small = membersOf('Russell 2000');
    expect(small.length).toBeGreaterThanOrEqual(140);
    expect(small.length).toBeLessThanOrEqual(200);
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

  it('keeps the foreign listings out of the Russell indexes, there only for the NASDAQ 100', () => {
    const outsideRussell = companies.filter(
      ({ indexes }) => !indexes.includes('Russell 1000') && !indexes.includes('Russell 2000'),
    );
    expect(tickersOf(outsideRussell)).toEqual(['ARM', 'ASML', 'CCEP', 'FER', 'PDD', 'SHOP', 'TRI']);
    for (const company of outsideRussell) expect(company.indexes, company.ticker).toEqual(['NASDAQ 100']);
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

// The real memberships, written out once more so that a wrong flag in the tables shows.
const sp100AsOf20250922 = `AAPL ABBV ABT ACN ADBE AIG AMD AMGN AMT AMZN AVGO AXP BA BAC BKNG BLK BMY BNY BRK.B C CAT CL
  CMCSA COF COP COST CRM CSCO CVS CVX DE DHR DIS DUK EMR FDX GD GE GILD GM GOOG GOOGL GS HD HON IBM INTC
  INTU ISRG JNJ JPM KO LIN LLY LMT LOW MA MCD MDLZ MDT MET META MMM MO MRK MS MSFT NEE NFLX NKE NOW NVDA
  ORCL PEP PFE PG PLTR PM PYPL QCOM RTX SBUX SCHW SO SPG T TGT TMO TMUS TSLA TXN UBER UNH UNP UPS USB V VZ
  WFC WMT XOM`;
// As of 2026-01-20, less Electronic Arts (taken private in 2026).
const nasdaq100AsOf20260120 = `AAPL ABNB ADBE ADI ADP ADSK AEP ALNY AMAT AMD AMGN AMZN APP ARM ASML AVGO AXON BKNG BKR
  CCEP CDNS CEG CHTR CMCSA COST CPRT CRWD CSCO CSGP CSX CTAS CTSH DASH DDOG DXCM EXC FANG FAST FER FTNT
  GEHC GILD GOOG GOOGL HON IDXX INSM INTC INTU ISRG KDP KHC KLAC LIN LRCX MAR MCHP MDLZ MELI META MNST
  MPWR MRVL MSFT MSTR MU NFLX NVDA NXPI ODFL ORLY PANW PAYX PCAR PDD PEP PLTR PYPL QCOM REGN ROP ROST SBUX
  SHOP SNPS STX TEAM TMUS TRI TSLA TTWO TXN VRSK VRTX WBD WDAY WDC WMT XEL ZS`;
const words = (list: string) => list.split(/\s+/).filter(Boolean).sort();

describe('the universes are what they are called', () => {
  it('has all 503 securities of the S&P 500', () => {
    expect(inSp500).toHaveLength(503);
  });

  it('has exactly the 101 securities of the S&P 100', () => {
    expect(tickersOf(membersOf('S&P 100'))).toEqual(words(sp100AsOf20250922));
    expect(words(sp100AsOf20250922)).toHaveLength(101);
  });

  it('has exactly the NASDAQ 100 securities still listed: 100 of 101', () => {
    expect(tickersOf(membersOf('NASDAQ 100'))).toEqual(words(nasdaq100AsOf20260120));
    expect(words(nasdaq100AsOf20260120)).toHaveLength(100);
  });

  it('puts every S&P 500 member in the Russell 1000, and a sample of mid caps of every sector besides', () => {
    const large = new Set(tickersOf(membersOf('Russell 1000')));
    for (const company of inSp500) expect(large.has(company.ticker), company.ticker).toBe(true);
    const beyond = membersOf('Russell 1000').filter((company) => !company.indexes.includes('S&P 500'));
    expect(beyond.length).toBeGreaterThanOrEqual(100);
    expect(beyond.length).toBeLessThanOrEqual(130);
    expect(new Set(beyond.map((company) => company.sector))).toEqual(new Set(gicsSectors));
  });

  it('keeps the Russell 2000 disjoint from the Russell 1000, with small caps of every sector', () => {
    const large = new Set(tickersOf(membersOf('Russell 1000')));
    const small = membersOf('Russell 2000');
    expect(small.filter((company) => large.has(company.ticker))).toEqual([]);
    for (const sector of gicsSectors) {
      expect(small.filter((company) => company.sector === sector).length, sector).toBeGreaterThanOrEqual(10);
    }
  });
});

describe('dated index memberships', () => {
  const today = new Date().toISOString().slice(0, 10);
  const fiveYearsAgo = `${Number(today.slice(0, 4)) - 5}${today.slice(4)}`;
  const history = new Map(companies.map((company) => [company.ticker, indexHistoryOf(company)]));
  const historyOf = (ticker: string) => history.get(ticker)!;

  it('are open exactly for the indexes a company belongs to today', () => {
    for (const company of companies) {
      const open = historyOf(company.ticker)
        .filter((membership) => membership.left === null)
        .map((membership) => membership.index);
      expect(open.sort(), company.ticker).toEqual([...company.indexes].sort());
    }
  });

  it('never overlap within an index, and each ends after it starts and starts by today', () => {
    for (const company of companies) {
      const memberships = historyOf(company.ticker);
      for (const membership of memberships) {
        expect(membership.entered <= today, `${company.ticker} ${membership.index}`).toBe(true);
        if (membership.left !== null)
          expect(membership.left > membership.entered, `${company.ticker} ${membership.index}`).toBe(true);
      }
      for (const index of new Set(memberships.map((membership) => membership.index))) {
        const spans = memberships.filter((membership) => membership.index === index);
        for (let i = 1; i < spans.length; i++) {
          expect(spans[i - 1]!.left, `${company.ticker} ${index} overlaps`).not.toBeNull();
          expect(spans[i]!.entered >= spans[i - 1]!.left!, `${company.ticker} ${index} overlaps`).toBe(true);
        }
      }
    }
  });

  it('put an S&P 100 membership only within an S&P 500 one', () => {
    for (const company of companies) {
      const memberships = historyOf(company.ticker);
      for (const top of memberships.filter((membership) => membership.index === 'S&P 100')) {
        const within = memberships.some(
          (membership) =>
            membership.index === 'S&P 500' &&
            membership.entered <= top.entered &&
            (membership.left === null || (top.left !== null && top.left <= membership.left)),
        );
        expect(within, company.ticker).toBe(true);
      }
    }
  });

  it('record real changes of the last five years: members that left and members that joined', () => {
    const all = companies.flatMap((company) =>
      historyOf(company.ticker).map((membership) => ({ ticker: company.ticker, ...membership })),
    );
    const left = all.filter((membership) => membership.left !== null && membership.left >= fiveYearsAgo);
    const joined = all.filter((membership) => membership.entered >= fiveYearsAgo);
    expect(left.filter((membership) => membership.index === 'S&P 500').length).toBeGreaterThanOrEqual(10);
    expect(left.filter((membership) => membership.index === 'NASDAQ 100').length).toBeGreaterThanOrEqual(10);
    expect(joined.filter((membership) => membership.index === 'S&P 500').length).toBeGreaterThanOrEqual(50);
    // 2025-12-22: Carvana, CRH and Comfort Systems joined the S&P 500; LKQ and Mohawk left it.
    for (const ticker of ['CVNA', 'CRH', 'FIX'])
      expect(historyOf(ticker)).toContainEqual({ index: 'S&P 500', entered: '2025-12-22', left: null });
    for (const ticker of ['LKQ', 'MHK']) {
      expect(historyOf(ticker)).toContainEqual(
        expect.objectContaining({ index: 'S&P 500', left: '2025-12-22' }),
      );
      expect(companyByTicker(ticker)?.indexes).toEqual(['Russell 1000']);
    }
    // 2025-09-22: Uber replaced Charter in the S&P 100.
    expect(historyOf('UBER')).toContainEqual({ index: 'S&P 100', entered: '2025-09-22', left: null });
    expect(historyOf('CHTR')).toContainEqual(
      expect.objectContaining({ index: 'S&P 100', left: '2025-09-22' }),
    );
  });

  it('start no membership before the company was listed', () => {
    const geVernova = historyOf('GEV');
    expect(geVernova.every((membership) => membership.entered >= '2024-04-02')).toBe(true);
  });
});

describe('agreement with the real S&P 500 constituents list', () => {
  const skipped = csvPresent ? '' : ` (skipped: ${csvPath} is absent on this machine)`;

  it.skipIf(!csvPresent)(`holds exactly the list's S&P 500 members${skipped}`, () => {
    expect(tickersOf(inSp500)).toEqual([...readConstituents().keys()].sort());
  });

  it.skipIf(!csvPresent)(`dates each S&P 500 membership from the day the list gives${skipped}`, () => {
    const constituents = readConstituents();
    const wrong = inSp500
      .map((company) => ({
        ticker: company.ticker,
        entered: indexHistoryOf(company).find((m) => m.index === 'S&P 500' && m.left === null)?.entered,
        listed: constituents.get(company.ticker)?.added,
      }))
      .filter((row) => row.entered !== row.listed);
    expect(wrong).toEqual([]);
  });

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

  it.skipIf(!csvPresent)(`puts no company outside the S&P 500 that the list names${skipped}`, () => {
    const constituents = readConstituents();
    const others = companies.filter((company) => !company.indexes.includes('S&P 500'));
    expect(tickersOf(others.filter((company) => constituents.has(company.ticker)))).toEqual([]);
  });
});
