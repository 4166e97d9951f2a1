/**
 * npm run catalogue:export -- <ficheiro.csv|ficheiro.xlsx>
 * Writes the whole catalogue in the import format (one row per model).
 */
import { openConfiguredDatabase } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { exportCatalogueFile } from '@/server/import/export';
import { fail } from './cli-support';

async function main() {
  const file = process.argv[2];
  if (!file) fail('Uso: npm run catalogue:export -- <ficheiro.csv|ficheiro.xlsx>', 2);
  const database = await openConfiguredDatabase();
  try {
    await prepareDatabase(database);
    const rows = await exportCatalogueFile(database.db, file);
    process.stdout.write(`Exportação concluída: ${rows} modelos escritos em ${file}.\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => fail(`Erro: ${err instanceof Error ? err.message : String(err)}`));
