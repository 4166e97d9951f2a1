/**
 * npm run bench:import [-- --rows 50000]
 * Times the import of a 50,000-row catalogue file (CSV, parsed from disk) into a fresh
 * embedded database (or a fresh database on DATABASE_URL's server), then a second import of
 * the same file (nothing changes). Prints the figures; no pass/fail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { eanCheckDigit } from '@/lib/catalogue/ean';
import { generateDemoCatalogue } from './seed/catalogue';
import { openPglite, openPostgres, type Database } from '@/server/db/client';
import { prepareDatabase } from '@/server/db/prepare';
import { importCatalogueFile } from '@/server/import';
import type { RawCatalogueRow } from '@/server/import/format';
import { toCsv } from '@/server/import/export';
import { formatSummary } from './cli-support';

const arg = process.argv.indexOf('--rows');
const target = arg > 0 ? Number(process.argv[arg + 1]) : 50_000;

/** The demo catalogue repeated with new keys (and new valid EANs) until it has `target` rows. */
function syntheticRows(): RawCatalogueRow[] {
  const base = generateDemoCatalogue(1967).rows;
  const rows: RawCatalogueRow[] = [];
  for (let copy = 0; rows.length < target; copy++) {
    for (const [i, row] of base.entries()) {
      if (rows.length >= target) break;
      const suffix = copy === 0 ? '' : `-${copy}`;
      // Copies get in-store EANs (prefix 2): unique, with a valid check digit.
      const ean = !row.ean ? '' : copy === 0 ? row.ean.slice(0, 12) : `2${String(copy).padStart(2, '0')}${String(i).padStart(9, '0')}`;
      rows.push({
        ...row,
        product_id: `${row.product_id}${suffix}`,
        product_name: copy === 0 ? row.product_name : `${row.product_name} (série ${copy + 1})`,
        model_code: `${row.model_code}${suffix}`,
        ean: ean ? `${ean}${eanCheckDigit(ean)}` : '',
      });
    }
  }
  return rows;
}

async function freshDatabase(dir: string): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) return { database: await openPglite(path.join(dir, 'pglite')), drop: async () => undefined };
  const name = `shop_bench_${process.pid}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name}`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    database: openPostgres(u.toString()),
    drop: async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name}`);
      await c.end();
    },
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-import-'));
  const file = path.join(dir, 'catalogue.csv');
  const rows = syntheticRows();
  fs.writeFileSync(file, toCsv(rows));
  const products = new Set(rows.map((r) => r.product_id)).size;
  console.log(`Ficheiro: ${rows.length} linhas, ${products} produtos, ${(fs.statSync(file).size / 1e6).toFixed(1)} MB`);

  const { database, drop } = await freshDatabase(dir);
  try {
    await prepareDatabase(database);
    console.log(`Base de dados: ${database.driver} (${database.location}), ${os.cpus().length} núcleos`);
    let started = performance.now();
    const first = await importCatalogueFile(database.db, file);
    const firstSeconds = (performance.now() - started) / 1000;
    if (!first.ok) throw new Error(`importação falhou: ${first.issues.length} problemas`);
    console.log(formatSummary(first.summary));
    started = performance.now();
    const second = await importCatalogueFile(database.db, file);
    const secondSeconds = (performance.now() - started) / 1000;
    if (!second.ok) throw new Error('a segunda importação falhou');
    // A third import where every tenth model's price changes: the change log records each one.
    const changed = rows.map((r, i) => (i % 10 === 0 ? { ...r, price: (Number(String(r.price).replace(',', '.')) + 1).toFixed(2) } : r));
    fs.writeFileSync(file, toCsv(changed));
    started = performance.now();
    const third = await importCatalogueFile(database.db, file);
    const thirdSeconds = (performance.now() - started) / 1000;
    if (!third.ok) throw new Error('a terceira importação falhou');
    console.log('');
    console.log(`import ${rows.length} linhas (base vazia):        ${firstSeconds.toFixed(1)} s  (${Math.round(rows.length / firstSeconds)} linhas/s; objetivo < 60 s)`);
    console.log(`import ${rows.length} linhas (sem alterações):     ${secondSeconds.toFixed(1)} s`);
    console.log(`import ${rows.length} linhas (${third.recorded.price} preços alterados): ${thirdSeconds.toFixed(1)} s`);
  } finally {
    await database.close();
    await drop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
