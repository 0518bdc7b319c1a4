import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import { loadConfig } from '../config';
import { migrateToLatest, openDatabase } from '../platform/db';
import { parseImportArgs, readUniverseCsv } from './import';
import { UniversesService } from './service';

/**
 * `npm run import-universe -w gateway -- <file.csv> --name "<Universe name>"`: stores a system
 * universe of the file's symbols in the database of the gateway's configuration (DATABASE_URL, else
 * PGlite under DATA_DIR). Paths are the caller's: relative ones resolve from `cwd`. Returns the exit code.
 */
export async function importUniverseCommand(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  cwd: string,
  out: (line: string) => void = console.log,
): Promise<number> {
  let args;
  let csv;
  try {
    args = parseImportArgs(argv);
    const file = path.resolve(cwd, args.file);
    csv = readUniverseCsv(await fs.readFile(file, 'utf8'));
  } catch (error) {
    out(`import-universe: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  for (const warning of csv.warnings) out(`warning: ${warning}`);
  if (csv.problems.length > 0) {
    for (const problem of csv.problems) out(`error: ${problem}`);
    out(`import-universe: nothing imported; ${csv.problems.length} row(s) to fix`);
    return 1;
  }

  const dataDir =
    env.DATA_DIR && !path.isAbsolute(env.DATA_DIR) ? path.resolve(cwd, env.DATA_DIR) : env.DATA_DIR;
  const config = loadConfig({ ...env, DATA_DIR: dataDir ?? path.resolve(cwd, 'data') });
  const { db, kind, release } = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
  });
  try {
    await migrateToLatest(db as Kysely<unknown>);
    const result = await new UniversesService(db).importUniverse(args.name, csv.rows);
    const where = kind === 'postgres' ? 'PostgreSQL' : `PGlite under ${config.dataDir}`;
    const change =
      result.created || result.added > 0 || result.removed > 0
        ? `${result.created ? 'created' : 'updated'}: ${result.total} symbols (${result.added} added, ${result.removed} removed)`
        : `unchanged: ${result.total} symbols`;
    out(`Universe "${result.name}" (id ${result.id}) ${change}, in ${where}.`);
    if (result.companiesAdded.length > 0) {
      const shown = result.companiesAdded.slice(0, 20).join(', ');
      const more = result.companiesAdded.length > 20 ? ` and ${result.companiesAdded.length - 20} more` : '';
      out(
        `${result.companiesAdded.length} symbol(s) the market data lacked were added as companies with the file's name and sector: ${shown}${more}`,
      );
    }
    return 0;
  } catch (error) {
    out(`import-universe: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await db.destroy();
    await release();
  }
}
