import type { FutureAction, Position } from '@insight/shared/portfolio/schemas';
import writeXlsxFile, { type Row } from 'write-excel-file/node';

/** A table to download: a header row and data rows of plain values (null: an empty cell). */
export interface Table {
  sheet: string;
  header: readonly string[];
  rows: readonly (readonly (string | number | null)[])[];
}

export interface DownloadFile {
  filename: string;
  contentType: string;
  body: Buffer | string;
}

/** Every position of the file, open then closed, one line each. */
export function positionsTable(open: readonly Position[], closed: readonly Position[]): Table {
  const line = (status: 'Open' | 'Closed', position: Position) => [
    status,
    position.symbol,
    position.company,
    position.pos_type,
    position.sector,
    position.entry_date.date,
    position.entry,
    position.quantity,
    position.last_price,
    position.current_val,
    position.pl,
    position.pl_per,
    position.etf,
    position.etf_pl_per,
    position.percent_file,
    position.close_date?.date ?? null,
    position.close_price,
    position.notes,
  ];
  return {
    sheet: 'Positions',
    header: [
      'Status',
      'Symbol',
      'Company',
      'Type',
      'Sector',
      'Entry Date',
      'Entry Price',
      'Quantity',
      'Last Price',
      'Value',
      'P/L',
      'P/L %',
      'ETF',
      'ETF P/L %',
      '% of File',
      'Close Date',
      'Close Price',
      'Notes',
    ],
    rows: [
      ...open.map((position) => line('Open', position)),
      ...closed.map((position) => line('Closed', position)),
    ],
  };
}

/** The planned future actions, soonest first. */
export function actionsTable(actions: readonly FutureAction[]): Table {
  return {
    sheet: 'Future Actions',
    header: ['Date', 'Action', 'Symbol', 'Reason', 'Quantity', 'Comment'],
    rows: actions.map((action) => [
      action.date,
      action.action,
      action.ticker,
      action.reason,
      action.quantity,
      action.comment,
    ]),
  };
}

/** RFC 4180: a field with a comma, quote or line break is quoted, its quotes doubled. */
const csvField = (value: string | number | null) => {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** A leading =, +, - or @ would make a spreadsheet read a text cell as a formula. */
const inert = (value: string | number | null) =>
  typeof value === 'string' && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;

export function toCsv(table: Table): string {
  return [table.header, ...table.rows]
    .map((row) => row.map((value) => csvField(inert(value))).join(','))
    .join('\r\n')
    .concat('\r\n');
}

export async function toXlsx(table: Table): Promise<Buffer> {
  const data: Row[] = [
    table.header.map((title) => ({ value: title, fontWeight: 'bold' as const })),
    ...table.rows.map((row) =>
      row.map((value) =>
        value === null ? null : typeof value === 'number' ? { value, type: Number } : { value, type: String },
      ),
    ),
  ];
  return writeXlsxFile(data, { sheet: table.sheet, stickyRowsCount: 1 }).toBuffer();
}

/** The table as the asked format, with its file name (`<stem>.csv` or `.xlsx`). */
export async function download(table: Table, format: 'csv' | 'xlsx', stem: string): Promise<DownloadFile> {
  return format === 'csv'
    ? { filename: `${stem}.csv`, contentType: 'text/csv; charset=utf-8', body: toCsv(table) }
    : {
        filename: `${stem}.xlsx`,
        contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        body: await toXlsx(table),
      };
}
