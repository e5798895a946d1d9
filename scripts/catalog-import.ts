// `npm run catalog:import -- FILE`: loads a catalogue file (wiki JSON, native JSON or CSV) into
// the database the server uses (DATABASE_URL, else PGlite in DATA_DIR), in one transaction.
import { basename, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase } from '../api/db/database';
import { EnvError, parseEnv } from '../api/env';
import { buildCatalog } from '../api/catalog/build-catalog';
import { importCatalog } from '../api/catalog/catalog-import';
import { readCatalogFile } from '../api/catalog/read-catalog-file';
import { createProgressBar } from './progress-bar';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const format = (n: number) => n.toLocaleString('en-US');

/** "header row — rows 1201, 1202 (2)": every skipped row with its reason, grouped. */
function describeSkipped(skipped: { row: number; reason: string }[]): string[] {
  const byReason = new Map<string, number[]>();
  for (const { row, reason } of skipped)
    byReason.set(reason, [...(byReason.get(reason) ?? []), row]);
  return [...byReason].map(
    ([reason, rows]) =>
      `  ${reason} — row${rows.length > 1 ? 's' : ''} ${rows.join(', ')} (${rows.length})`,
  );
}

async function main(): Promise<number> {
  const file = process.argv[2];
  if (!file) {
    console.error(
      'Usage: npm run catalog:import -- FILE   (wiki JSON, native JSON or CSV; see api/catalog/README.md)',
    );
    return 2;
  }
  const env = parseEnv(process.env);
  const path = resolve(file);
  const read = await readCatalogFile(path);
  const built = buildCatalog(read.inputs);
  console.log(
    `Read ${format(read.inputs.length + read.skipped.length)} rows from ${basename(path)} (${read.format})`,
  );

  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: resolve(projectRoot, env.DATA_DIR) },
  );
  try {
    const bar = createProgressBar('Importing');
    const summary = await importCatalog(database.db, built, bar.update);
    console.log(
      `Cars: ${format(summary.cars.imported)} imported, ${format(summary.cars.updated)} updated, ${format(summary.cars.unchanged)} unchanged`,
    );
    console.log(
      `Sets: ${format(summary.sets.imported)} imported, ${format(summary.sets.updated)} updated, ${format(summary.sets.unchanged)} unchanged`,
    );
    console.log(`Duplicates merged: ${format(built.merged)}`);
    console.log(`Skipped: ${format(read.skipped.length)}`);
    for (const line of describeSkipped(read.skipped)) console.log(line);
    console.log(
      `Catalogue version ${summary.version}${summary.versionChanged ? ' (changed)' : ' (unchanged)'}`,
    );
  } finally {
    await database.close();
  }
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof EnvError) {
      for (const problem of error.problems) console.error(`Invalid environment: ${problem}`);
    } else {
      console.error(
        `Import failed, nothing was changed: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
    process.exit(1);
  },
);
