/**
 * Migrates the configured database and, on the very first start, fills it with the demo
 * catalogue. Run by `npm start` before the server opens the database (PGlite allows one process).
 * First it refuses a configuration that is unsafe in production (server/config/production.ts):
 * exit code 3 and the reasons in Portuguese and English.
 */
import { formatConfigProblems, startConfigProblems } from '@/server/config/production';
import { openConfiguredDatabase } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { demoAccountsSeed, demoSeed } from './seed';
import { fail, formatSummary, progressBar } from './cli-support';

async function main() {
  const problems = startConfigProblems();
  if (problems.length) fail(formatConfigProblems(problems), 3);
  const seed = process.argv.includes('--no-seed') ? demoAccountsSeed : demoSeed;
  const started = Date.now();
  const database = await openConfiguredDatabase();
  try {
    const progress = progressBar();
    const { seeded, demoAccounts, demoAccountsRemoved } = await prepareDatabase(database, { seed, onProgress: progress });
    progress.end();
    if (demoAccountsRemoved) process.stdout.write(`Contas de demonstração removidas / demo accounts removed: ${demoAccountsRemoved}.\n`);
    if (seeded) {
      process.stdout.write(
        `Catálogo de demonstração criado em ${((Date.now() - started) / 1000).toFixed(1)} s (${database.driver}, ${database.location}):\n${formatSummary(seeded)}\n`,
      );
    } else {
      process.stdout.write(`Base de dados pronta (${database.driver}, ${database.location}).\n`);
    }
    if (demoAccounts) {
      process.stdout.write(
        `\n*** ATENÇÃO: existem ${demoAccounts} contas de demonstração com palavras-passe públicas (README, secção «Demo accounts»),\n` +
          `*** incluindo um administrador (admin@demo.casadasaguas.pt). Só para demonstração local.\n` +
          `*** WARNING: ${demoAccounts} demo accounts with public passwords exist (README, section "Demo accounts"),\n` +
          `*** including an administrator (admin@demo.casadasaguas.pt). Local demo only: an https SITE_URL,\n` +
          `*** PRODUCTION_HOSTS (without DEMO_ACCOUNTS=1) or DEMO_ACCOUNTS=0 removes them; a real catalogue import\n` +
          `*** removes them except the account that confirms it and the last administrator (change their passwords).\n\n`,
      );
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => fail(`Erro ao preparar a base de dados: ${err instanceof Error ? err.message : String(err)}`));
