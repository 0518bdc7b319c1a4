import { sectors, type Sector } from '@insight/shared';
import { marketLimits, tickerField } from '@insight/shared/market/schemas';

/**
 * The pure half of `npm run import-universe`: reading a constituents CSV (Symbol, Security,
 * GICS Sector, optional GICS Sub-Industry and any other columns) and mapping its sector names to the
 * product's sectors. The database half is UniversesService.importUniverse.
 */

/**
 * Splits CSV text into rows of fields (RFC 4180): fields may be quoted, a quoted field may hold
 * commas, line breaks and doubled quotes (""); lines end with LF or CRLF; a leading BOM is dropped.
 * Throws on a quote left open.
 */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let quoteOpenedAt = 0;
  const input = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRow = () => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
  };
  for (let i = 0; i < input.length; i++) {
    const c = input[i]!;
    if (quoted) {
      if (c === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') {
        quoted = false;
      } else {
        if (c === '\n') line++;
        field += c;
      }
    } else if (c === '"' && field === '') {
      quoted = true;
      quoteOpenedAt = line;
    } else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++;
      endRow();
      line++;
    } else {
      field += c;
    }
  }
  if (quoted) throw new Error(`line ${quoteOpenedAt}: a quoted field is not closed`);
  if (field !== '' || row.length > 0) endRow();
  return rows;
}

const sectorAliases: Record<string, Sector['name']> = {
  'information technology': 'Information Technology',
  technology: 'Information Technology',
  tech: 'Information Technology',
  'health care': 'Health Care',
  healthcare: 'Health Care',
  financials: 'Financials',
  financial: 'Financials',
  'financial services': 'Financials',
  'consumer discretionary': 'Consumer Discretionary',
  'consumer cyclical': 'Consumer Discretionary',
  'communication services': 'Communication Services',
  communications: 'Communication Services',
  'telecommunication services': 'Communication Services',
  telecommunications: 'Communication Services',
  industrials: 'Industrials',
  industrial: 'Industrials',
  'consumer staples': 'Consumer Staples',
  'consumer defensive': 'Consumer Staples',
  energy: 'Energy',
  utilities: 'Utilities',
  utility: 'Utilities',
  'real estate': 'Real Estate',
  materials: 'Materials',
  'basic materials': 'Materials',
};

/**
 * The product's sector (shared/common/sectors: the 11 GICS sectors) of a sector name as data files
 * spell it: the GICS names in any case and spacing, and the common other names ("Technology",
 * "Healthcare", "Consumer Cyclical", "Basic Materials", "Telecommunication Services"). Null when unknown.
 */
export function productSectorOf(name: string): Sector | null {
  const key = name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[\s_-]+/g, ' ')
    .trim();
  const canonical = sectorAliases[key];
  return sectors.find((sector) => sector.name === canonical) ?? null;
}

export interface UniverseCsvRow {
  symbol: string;
  name: string;
  /** The product's sector name; null when the file has none or an unknown one. */
  sector: string | null;
  industry: string | null;
}

export interface UniverseCsv {
  rows: UniverseCsvRow[];
  /** Rows that cannot be imported (bad symbol, no name), by line: the import refuses the file. */
  problems: string[];
  /** Repeated symbols (the first is kept) and sector names no product sector matches. */
  warnings: string[];
}

const columnNames = {
  symbol: ['symbol', 'ticker'],
  name: ['security', 'company', 'name'],
  sector: ['gics sector', 'sector'],
  industry: ['gics sub-industry', 'sub-industry', 'industry'],
} as const;

/** Reads a constituents CSV: a header row naming Symbol and Security (GICS Sector optional), then one row per company. */
export function readUniverseCsv(text: string): UniverseCsv {
  const [header, ...records] = parseCsv(text);
  if (!header) throw new Error('the file is empty');
  const names = header.map((cell) => cell.trim().toLowerCase());
  const column = (aliases: readonly string[]) => {
    const index = names.findIndex((name) => aliases.includes(name));
    return index < 0 ? null : index;
  };
  const symbolAt = column(columnNames.symbol);
  const nameAt = column(columnNames.name);
  const sectorAt = column(columnNames.sector);
  const industryAt = column(columnNames.industry);
  if (symbolAt === null || nameAt === null) {
    throw new Error(`the header must name a Symbol and a Security column; it has: ${header.join(', ')}`);
  }

  const rows: UniverseCsvRow[] = [];
  const problems: string[] = [];
  const warnings: string[] = [];
  const firstLineOf = new Map<string, number>();
  const unknownSectors = new Set<string>();
  records.forEach((record, index) => {
    const line = index + 2;
    if (record.every((cell) => cell.trim() === '')) return;
    const cell = (at: number | null) => (at === null ? '' : (record[at] ?? '').trim());
    const symbol = tickerField.safeParse(cell(symbolAt));
    if (!symbol.success) {
      problems.push(`line ${line}: "${cell(symbolAt)}" is not a symbol (${symbol.error.issues[0]?.message})`);
      return;
    }
    const name = cell(nameAt);
    if (name === '') {
      problems.push(`line ${line}: ${symbol.data} has no company name`);
      return;
    }
    const seen = firstLineOf.get(symbol.data);
    if (seen !== undefined) {
      warnings.push(`line ${line}: ${symbol.data} repeats line ${seen}; the first is kept`);
      return;
    }
    firstLineOf.set(symbol.data, line);
    const rawSector = cell(sectorAt);
    const sector = rawSector === '' ? null : productSectorOf(rawSector);
    if (rawSector !== '' && !sector) unknownSectors.add(rawSector);
    rows.push({
      symbol: symbol.data,
      name,
      sector: sector?.name ?? null,
      industry: cell(industryAt) || null,
    });
  });
  for (const raw of unknownSectors) warnings.push(`sector "${raw}" matches no product sector; left empty`);
  return { rows, problems, warnings };
}

export const importUsage = 'usage: npm run import-universe -w gateway -- <file.csv> --name "<Universe name>"';

/** The command line of the import: one CSV path and `--name <name>` (or `--name=<name>`). */
export function parseImportArgs(argv: readonly string[]): { file: string; name: string } {
  let file: string | undefined;
  let name: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--name') {
      name = argv[++i];
      if (name === undefined) throw new Error(`--name needs a value\n${importUsage}`);
    } else if (arg.startsWith('--name=')) {
      name = arg.slice('--name='.length);
    } else if (arg.startsWith('-')) {
      throw new Error(`unknown option ${arg}\n${importUsage}`);
    } else if (file === undefined) {
      file = arg;
    } else {
      throw new Error(`one file at a time (got ${file} and ${arg})\n${importUsage}`);
    }
  }
  if (file === undefined) throw new Error(`no CSV file given\n${importUsage}`);
  const trimmed = name?.trim() ?? '';
  if (trimmed === '') throw new Error(`no universe name given\n${importUsage}`);
  if (trimmed.length > marketLimits.universeNameMax) {
    throw new Error(`a universe name is at most ${marketLimits.universeNameMax} characters`);
  }
  return { file, name: trimmed };
}
