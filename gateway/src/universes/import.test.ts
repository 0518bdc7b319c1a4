import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sectors } from '@insight/shared';
import { apiPath, marketApi, marketMessages, universesApi } from '@insight/shared/market/schemas';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app';
import { createUser, signIn } from '../../test/factories/users';
import { HttpClient } from '../../test/http';
import { parseCsv, parseImportArgs, productSectorOf, readUniverseCsv } from './import';

const csvPath = path.resolve(import.meta.dirname, '../../../../shared/data/sp500-constituents.csv');
const csvPresent = fs.existsSync(csvPath);
const skipped = csvPresent ? '' : ` (skipped: ${csvPath} is absent on this machine)`;
const gatewayDir = path.resolve(import.meta.dirname, '../..');

describe('reading CSV', () => {
  it.each([
    [
      'plain fields',
      'a,b,c\n1,2,3\n',
      [
        ['a', 'b', 'c'],
        ['1', '2', '3'],
      ],
    ],
    [
      'a quoted field with commas',
      'MMM,3M,"Saint Paul, Minnesota"',
      [['MMM', '3M', 'Saint Paul, Minnesota']],
    ],
    ['doubled quotes inside quotes', '"say ""hi""",x', [['say "hi"', 'x']]],
    [
      'a line break inside quotes',
      '"two\nlines",x\ny,z',
      [
        ['two\nlines', 'x'],
        ['y', 'z'],
      ],
    ],
    [
      'CRLF line ends',
      'a,b\r\n1,2\r\n',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    ['a byte-order mark', '\uFEFFSymbol,Security\n', [['Symbol', 'Security']]],
    [
      'no final line break',
      'a,b\n1,2',
      [
        ['a', 'b'],
        ['1', '2'],
      ],
    ],
    [
      'empty fields',
      'a,,c\n,,\n',
      [
        ['a', '', 'c'],
        ['', '', ''],
      ],
    ],
    ['a quote inside an unquoted field, kept as it is', 'O"Neil,x', [['O"Neil', 'x']]],
  ])('splits %s', (_case, text, rows) => {
    expect(parseCsv(text)).toEqual(rows);
  });

  it('names the line of a quote left open', () => {
    expect(() => parseCsv('a,b\n1,"open\n2,3\n')).toThrow('line 2: a quoted field is not closed');
  });
});

describe("mapping sector names to the product's sectors", () => {
  it.each(sectors.map((sector) => [sector.name, sector.name]))(
    'maps the GICS name %s to itself',
    (name, expected) => {
      expect(productSectorOf(name)?.name).toBe(expected);
    },
  );

  it.each([
    ['Technology', 'Information Technology'],
    ['healthcare', 'Health Care'],
    ['  real   estate ', 'Real Estate'],
    ['Consumer Cyclical', 'Consumer Discretionary'],
    ['Consumer Defensive', 'Consumer Staples'],
    ['Basic Materials', 'Materials'],
    ['Telecommunication Services', 'Communication Services'],
    ['Financial Services', 'Financials'],
  ])('maps %s to %s', (name, expected) => {
    expect(productSectorOf(name)?.name).toBe(expected);
  });

  it.each(['Crypto', '', 'Sports'])('maps %j to no sector', (name) => {
    expect(productSectorOf(name)).toBeNull();
  });
});

describe('reading a constituents file', () => {
  it('finds its columns by name in any order and case, and keeps the first of a repeated symbol', () => {
    const csv = readUniverseCsv(
      [
        'Headquarters Location,gics sector,SECURITY,Symbol,GICS Sub-Industry',
        '"Cupertino, California",Information Technology,Apple Inc.,aapl,Technology Hardware',
        '"Omaha, Nebraska",Financials,"Berkshire Hathaway",BRK.B,Multi-Sector Holdings',
        'x,Technology,Apple again,AAPL,',
        '',
      ].join('\n'),
    );
    expect(csv.problems).toEqual([]);
    expect(csv.warnings).toEqual(['line 4: AAPL repeats line 2; the first is kept']);
    expect(csv.rows).toEqual([
      {
        symbol: 'AAPL',
        name: 'Apple Inc.',
        sector: 'Information Technology',
        industry: 'Technology Hardware',
      },
      {
        symbol: 'BRK.B',
        name: 'Berkshire Hathaway',
        sector: 'Financials',
        industry: 'Multi-Sector Holdings',
      },
    ]);
  });

  it('lists rows it cannot import by line, and warns of unknown sectors', () => {
    const csv = readUniverseCsv(
      'Symbol,Security,GICS Sector\nBAD SYMBOL,Bad Co,Energy\nXOM,,Energy\nABC,ABC Co,Crypto\n',
    );
    expect(csv.problems).toEqual([
      'line 2: "BAD SYMBOL" is not a symbol (a symbol is letters, digits, dots or dashes)',
      'line 3: XOM has no company name',
    ]);
    expect(csv.warnings).toEqual(['sector "Crypto" matches no product sector; left empty']);
    expect(csv.rows).toEqual([{ symbol: 'ABC', name: 'ABC Co', sector: null, industry: null }]);
  });

  it('refuses a file without Symbol and Security columns', () => {
    expect(() => readUniverseCsv('Ticker Name,Sector\nAAPL,Tech\n')).toThrow(/Symbol and a Security/);
  });
});

describe('the command line', () => {
  it.each([
    [['file.csv', '--name', 'Tech leaders'], { file: 'file.csv', name: 'Tech leaders' }],
    [['--name=  Tech leaders ', 'file.csv'], { file: 'file.csv', name: 'Tech leaders' }],
  ])('reads %j', (argv, expected) => {
    expect(parseImportArgs(argv)).toEqual(expected);
  });

  it.each([
    [['--name', 'X'], 'no CSV file given'],
    [['file.csv'], 'no universe name given'],
    [['file.csv', '--name'], '--name needs a value'],
    [['file.csv', '--name', '   '], 'no universe name given'],
    [['a.csv', 'b.csv', '--name', 'X'], 'one file at a time'],
    [['file.csv', '--force', '--name', 'X'], 'unknown option --force'],
    [['file.csv', '--name', 'x'.repeat(51)], 'at most 50 characters'],
  ])('refuses %j', (argv, message) => {
    expect(() => parseImportArgs(argv)).toThrow(message);
  });
});

describe('importing the S&P 500 constituents into the database', () => {
  let t: TestApp;
  let investor: HttpClient;
  const universeNamed = async (name: string) => {
    const response = await investor.get(universesApi.list);
    return (response.body as { id: number; name: string; updated: string; tickers_count: number }[]).find(
      (universe) => universe.name === name,
    );
  };

  beforeAll(async () => {
    if (!csvPresent) return;
    t = await startTestApp({ INGEST: '0' });
    investor = new HttpClient(t.baseUrl);
    await signIn(investor, await createUser(t.app));
  });
  afterAll(async () => t?.close());

  it('resolves the data file from the repository', () => {
    expect(csvPath).toBe(path.resolve(gatewayDir, '../../shared/data/sp500-constituents.csv'));
  });

  it.skipIf(!csvPresent)(
    `stores a system universe of its 503 symbols, and importing it again changes nothing${skipped}`,
    async () => {
      const csv = readUniverseCsv(await fsp.readFile(csvPath, 'utf8'));
      expect(csv.problems).toEqual([]);
      expect(csv.rows.length).toBeGreaterThanOrEqual(495);
      expect(csv.rows.every((row) => row.sector !== null)).toBe(true);

      const first = await t.app.universes.importUniverse('S&P 500 constituents', csv.rows);
      expect(first).toMatchObject({
        created: true,
        total: csv.rows.length,
        added: csv.rows.length,
        removed: 0,
      });
      // No market data in this app: every symbol gets a minimal company row, so search finds it.
      expect(first.companiesAdded).toHaveLength(csv.rows.length);
      const listed = await universeNamed('S&P 500 constituents');
      expect(listed).toMatchObject({ id: first.id, system: true, tickers_count: csv.rows.length });

      const again = await t.app.universes.importUniverse('S&P 500 constituents', csv.rows);
      expect(again).toEqual({ ...first, created: false, added: 0, removed: 0, companiesAdded: [] });
      expect(await universeNamed('S&P 500 constituents')).toEqual(listed);

      const hits = await investor.get(apiPath(marketApi.findSymbol, { text: '3m', limit: 10, offset: 0 }));
      expect(hits.body[0]).toEqual({ symbol: 'MMM', company: '3M', alias: '3M' });
      const stock = await investor.get(apiPath(marketApi.fetchStock, { symbol: 'MMM' }));
      expect(stock.body).toMatchObject({
        symbol: 'MMM',
        sector: 'Industrials',
        security_etf: 'XLI',
        lastPrice: null,
      });
      const price = await investor.get(apiPath(marketApi.symbolAndLast, { symbol: 'MMM' }));
      expect(price.status).toBe(404);
      expect(price.body.msg).toBe(marketMessages.noPrice('MMM'));
    },
  );

  it.skipIf(!csvPresent)(
    `replaces the symbol list when a shorter file is imported under the same name${skipped}`,
    async () => {
      const csv = readUniverseCsv(await fsp.readFile(csvPath, 'utf8'));
      const name = 'S&P 500 sample';
      await t.app.universes.importUniverse(name, csv.rows.slice(0, 50));
      const replaced = await t.app.universes.importUniverse(name, csv.rows.slice(10, 40));
      expect(replaced).toMatchObject({ created: false, total: 30, added: 0, removed: 20 });
      const listed = await universeNamed(name);
      const tickers = await investor.get(apiPath(universesApi.one, { id: listed!.id }));
      expect(tickers.body.tickers).toEqual(
        csv.rows
          .slice(10, 40)
          .map((row) => row.symbol)
          .sort(),
      );
    },
  );

  it.skipIf(!csvPresent)(`refuses a built-in universe's name${skipped}`, async () => {
    const rows = [{ symbol: 'AAPL', name: 'Apple Inc.', sector: null, industry: null }];
    await expect(t.app.universes.importUniverse('s&p 500', rows)).rejects.toThrow(/built-in universe/);
    await expect(t.app.universes.importUniverse('  ', rows)).rejects.toThrow('please set universe name');
  });

  it.skipIf(!csvPresent)(
    `runs as a command: created, then unchanged on the second run${skipped}`,
    async () => {
      // On PostgreSQL the command writes into the app's database; on PGlite the app holds its
      // DATA_DIR, so the command gets a directory of its own.
      const ownDir = t.config.databaseUrl
        ? null
        : await fsp.mkdtemp(path.join(os.tmpdir(), 'insight-import-'));
      const env = {
        ...process.env,
        INIT_CWD: gatewayDir,
        DATABASE_URL: t.config.databaseUrl ?? '',
        DATA_DIR: ownDir ?? t.dataDir,
        LOG_LEVEL: 'silent',
      };
      const run = () =>
        promisify(execFile)(
          process.execPath,
          [
            '--import',
            'tsx',
            'scripts/import-universe.ts',
            path.relative(gatewayDir, csvPath),
            '--name',
            'Imported S&P 500',
          ],
          { cwd: gatewayDir, env, timeout: 60_000 },
        );
      const count = readUniverseCsv(await fsp.readFile(csvPath, 'utf8')).rows.length;
      try {
        const first = await run();
        expect(first.stdout).toContain(`created: ${count} symbols (${count} added, 0 removed)`);
        const second = await run();
        expect(second.stdout).toMatch(
          new RegExp(`Universe "Imported S&P 500" \\(id \\d+\\) unchanged: ${count} symbols`),
        );
        if (!ownDir)
          expect(await universeNamed('Imported S&P 500')).toMatchObject({
            system: true,
            tickers_count: count,
          });
      } finally {
        if (ownDir) await fsp.rm(ownDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
