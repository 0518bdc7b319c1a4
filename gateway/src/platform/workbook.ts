import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';

/**
 * What every Excel file of the gateway shares: a workbook stamped with its creation time, sheets
 * whose first row is the bold header, the same number formats and column widths, and the file as
 * bytes. Each report keeps its own sheets and columns in its feature.
 */

export type Workbook = ExcelJS.Workbook;
export type Worksheet = ExcelJS.Worksheet;
export type CellValue = string | number | null;

/** Number formats: a fraction shown as a percent (0.1234 → 12.34%), a plain number to 2 places. */
export const numberFormats = { percent: '0.00%', twoPlaces: '0.00' } as const;

const bold = { bold: true } as const;

/** A new workbook created now, with the document title given. */
export function newWorkbook(title?: string): Workbook {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  if (title !== undefined) workbook.title = title;
  return workbook;
}

/** A sheet column: its header and width; `key` places a row given as an object. */
export interface SheetColumn {
  header: string;
  key?: string;
  width: number;
}

/** A column that reads its cell from a row (for `addTable`). */
export interface TableColumn<Row> extends SheetColumn {
  value: (row: Row) => CellValue;
}

/** A sheet whose first row is the columns' bold headers; `frozenHeader` keeps it in view on scrolling. */
export function addTableSheet(
  workbook: Workbook,
  name: string,
  columns: readonly SheetColumn[],
  options: { frozenHeader?: boolean } = {},
): Worksheet {
  const sheet = workbook.addWorksheet(name);
  sheet.columns = columns.map(({ header, key, width }) => ({ header, key, width }));
  sheet.getRow(1).font = bold;
  if (options.frozenHeader) sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return sheet;
}

/** A table sheet with a row per item, its cells read by the columns. */
export function addTable<Row>(
  workbook: Workbook,
  name: string,
  columns: readonly TableColumn<Row>[],
  rows: Iterable<Row>,
  options: { frozenHeader?: boolean } = {},
): Worksheet {
  const sheet = addTableSheet(workbook, name, columns, options);
  for (const row of rows) sheet.addRow(columns.map((column) => column.value(row)));
  return sheet;
}

/** A row of values in bold (a header of a free-form sheet, or a total). */
export function addBoldRow(sheet: Worksheet, values: readonly CellValue[] | Record<string, CellValue>) {
  const row = sheet.addRow(values);
  row.font = bold;
  return row;
}

/** The number format of the given cells (1-based columns) of a row. */
export function formatCells(row: ExcelJS.Row, columns: Iterable<number>, numFmt: string) {
  for (const column of columns) row.getCell(column).numFmt = numFmt;
}

/** Columns `from` to `to` (1-based, inclusive): the value cells of a row after its label. */
export function columnRange(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** One width for every column written so far. */
export function setColumnWidths(sheet: Worksheet, width: number) {
  sheet.columns.forEach((column) => (column.width = width));
}

/** The workbook as the bytes of an .xlsx file. */
export async function workbookBuffer(workbook: Workbook): Promise<Buffer> {
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The content type of an .xlsx file. */
export const xlsxContentType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** An .xlsx file written into a folder, as a job's result names it. */
export interface WorkbookFile {
  path: string;
  name: string;
  contentType: string;
}

/** Writes a workbook's bytes into the folder (a job's) as `name`. */
export async function writeWorkbookFile(dir: string, name: string, bytes: Buffer): Promise<WorkbookFile> {
  const file = { path: path.join(dir, name), name, contentType: xlsxContentType };
  await fs.writeFile(file.path, bytes);
  return file;
}
