/**
 * npm run catalogue:import -- <ficheiro.csv|ficheiro.xlsx>
 * Imports the ERP catalogue into the database the server uses (DATA_DIR or DATABASE_URL).
 * All-or-nothing: any invalid row aborts the import and every problem is listed.
 */
import fs from 'node:fs';
import { openConfiguredDatabase } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { formatIssue, importCatalogueFile } from '@/server/import';
import { fail, formatSummary, progressBar } from './cli-support';

async function main() {
  const file = process.argv[2];
  if (!file) fail('Uso: npm run catalogue:import -- <ficheiro.csv|ficheiro.xlsx>', 2);
  if (!fs.existsSync(file)) fail(`Ficheiro não encontrado: ${file}`, 2);

  const database = await openConfiguredDatabase();
  try {
    await prepareDatabase(database); // migrations and chapters; never the demo catalogue
    const progress = progressBar();
    const started = Date.now();
    const result = await importCatalogueFile(database.db, file, { onProgress: progress });
    progress.end();
    if (!result.ok) {
      process.stderr.write(
        `Importação cancelada: nada foi gravado. ${result.issues.length} problema(s) encontrado(s):\n`,
      );
      for (const issue of result.issues) process.stderr.write(`  ${formatIssue(issue)}\n`);
      process.exitCode = 1;
      return;
    }
    process.stdout.write(
      `Importação concluída: ${result.rows} linhas em ${((Date.now() - started) / 1000).toFixed(1)} s (${database.driver}, ${database.location}).\n`,
    );
    process.stdout.write(`${formatSummary(result.summary)}\n`);
    const { remove, keep } = result.accounts;
    if (remove.length) process.stdout.write(`Contas de demonstração removidas: ${remove.map((a) => a.email).join(', ')}.\n`);
    if (keep.length) process.stdout.write(`Contas de demonstração mantidas (último administrador): ${keep.map((a) => a.email).join(', ')}. Altere a palavra-passe.\n`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => fail(`Erro: ${err instanceof Error ? err.message : String(err)}`));
