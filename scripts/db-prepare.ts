/**
 * Migrates the configured database and, on the very first start, fills it with the demo
 * catalogue. Run by `npm start` before the server opens the database (PGlite allows one process).
 */
import { openConfiguredDatabase } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { fail, formatSummary, progressBar } from './cli-support';

async function main() {
  const seedDemo = !process.argv.includes('--no-seed');
  const started = Date.now();
  const database = await openConfiguredDatabase();
  try {
    const progress = progressBar();
    const { seeded } = await prepareDatabase(database, { seedDemo, onProgress: progress });
    progress.end();
    if (seeded) {
      process.stdout.write(
        `Catálogo de demonstração criado em ${((Date.now() - started) / 1000).toFixed(1)} s (${database.driver}, ${database.location}):\n${formatSummary(seeded)}\n`,
      );
    } else {
      process.stdout.write(`Base de dados pronta (${database.driver}, ${database.location}).\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => fail(`Erro ao preparar a base de dados: ${err instanceof Error ? err.message : String(err)}`));
