/**
 * npm run bench:erp-sync
 *
 * Time of an ERP (PHC) sync (goal ≤ 30 s) of 20,000 prices and 2,000 clients, in a fresh
 * embedded database (PGlite) in a temporary folder with the demo catalogue. The demo catalogue has
 * about 12,320 models: the bench first adds copies of existing models (codes `BENCH-NNNNNN`, not
 * timed) so that the prices file names 20,000 real models, and 1,000 professional accounts carrying
 * the ERP ids of half the clients (so their discount rules are written into shop accounts). Every
 * price moves (between −20 % and +25 %, a third also change discount group) and every client is
 * new: the worst case. Timed, as /admin/phc-sync runs them: read + validate + preview, then apply
 * (one transaction, change-log rows, cache invalidation), for each file; then the same files
 * again (idempotent: nothing changes).
 *
 * Options (environment): BENCH_SEED (default 1967); BENCH_UNKNOWN_PCT (default 0): the share of
 * the prices file's lines, in %, that name articles the catalogue does not have (an ERP export
 * always holds some: they are skipped and listed) — the file keeps 20,000 lines, the
 * unknown codes spread through it. With DATABASE_URL set it runs on that PostgreSQL database
 * instead (its catalogue must already be there).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { seededRandom } from '@/lib/random';
import { closeBenchDatabase, loadServerForBench } from './bench-server';

const GOAL_MS = 30_000;
const PRICES = 20_000;
const CLIENTS = 2_000;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const UNKNOWN_PCT = Math.min(100, Math.max(0, Number(process.env.BENCH_UNKNOWN_PCT ?? 0) || 0));


/** A valid NIF from 8 digits (the check digit computed). */
function nifOf(n: number): string {
  const body = String(500000000 + (n % 99999999)).slice(0, 8).split('').map(Number);
  const sum = body.reduce((s, d, i) => s + d * (9 - i), 0);
  const check = 11 - (sum % 11);
  return `${body.join('')}${check >= 10 ? 0 : check}`;
}

async function main() {
  const started = performance.now();
  const random = seededRandom(Number(process.env.BENCH_SEED ?? 1967));
  const onPostgres = Boolean(process.env.DATABASE_URL);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-erp-'));
  const { openPglite, openPostgres, setDatabase, prepareDatabase, demoSeed } = await loadServerForBench({ PRODUCTION_HOSTS: undefined, DATA_DIR: dir });
  const { applyErpFile, previewErpFile } = await import('@/server/erp/sync');
  const { inventoryProducts, proAccounts } = await import('@/server/db/schema');
  const { sql } = await import('drizzle-orm');

  console.log(`Pasta: ${dir}, ${os.cpus().length} núcleos, Node ${process.version}, ${onPostgres ? 'PostgreSQL' : 'PGlite'}`);
  const database = onPostgres ? openPostgres(process.env.DATABASE_URL!) : await openPglite(path.join(dir, 'pglite'));
  try {
    await prepareDatabase(database, { seed: onPostgres ? undefined : demoSeed });
    setDatabase(database);
    const db = database.db;
    // Pad the catalogue to 20,000 models with copies of existing ones.
    const [{ n } = { n: 0 }] = (await db.execute(sql`select count(*)::int as n from inventory_products`)).rows as { n: number }[];
    if (n < PRICES) {
      await db.execute(sql`
        insert into inventory_products (code, name, product_id, size, product_status, price, discount_group, tax_rate)
        select 'BENCH-' || lpad(g::text, 6, '0'), ip.name, ip.product_id, ip.size, ip.product_status, ip.price, ip.discount_group, ip.tax_rate
          from generate_series(1, ${PRICES - n}) as g
          join lateral (select * from inventory_products order by id offset ((g - 1) % ${n}) limit 1) ip on true`);
    }
    const models = await db.select({ code: inventoryProducts.code, price: inventoryProducts.price }).from(inventoryProducts).orderBy(inventoryProducts.code).limit(PRICES);
    // Half the clients have a shop account carrying their ERP id.
    await db.insert(proAccounts).values(Array.from({ length: CLIENTS / 2 }, (_, i) => ({ name: `Conta bench ${i + 1}`, phcClientId: `PHC${String(i + 1).padStart(5, '0')}` })));
    console.log(`Base de dados pronta em ${secs(performance.now() - started)}: ${models.length} modelos, ${CLIENTS / 2} contas ligadas.\n`);

    const groups = ['A', 'A1', 'A2', 'B', 'B1', 'B2', 'C', 'C1', 'C9', 'D'];
    const pricesCsv = ['model_code;price;discount_group'];
    // Which lines name an article the shop does not sell: an exact share, spread by the generator.
    const unknownLines = Math.round((models.length * UNKNOWN_PCT) / 100);
    const unknownAt = new Set<number>();
    while (unknownAt.size < unknownLines) unknownAt.add(Math.floor(random() * models.length));
    models.forEach((m, i) => {
      const factor = 0.8 + random() * 0.45;
      const price = Math.max(0.01, Number(m.price) * factor);
      const group = random() < 0.33 ? groups[Math.floor(random() * groups.length)] : '';
      const code = unknownAt.has(i) ? `PHC-SO-ERP-${String(i).padStart(6, '0')}` : m.code;
      pricesCsv.push(`${code};${price.toFixed(4).replace('.', ',')};${group}`);
    });
    const clientsCsv = ['erp_client_id;nif;name;email;account;discounts'];
    for (let i = 1; i <= CLIENTS; i++) {
      const rules = groups.filter(() => random() < 0.4).map((g) => `${g}=${(5 + Math.floor(random() * 300) / 10).toFixed(1).replace('.', ',')}`);
      clientsCsv.push(`PHC${String(i).padStart(5, '0')};${nifOf(i * 7919)};Cliente ${i}, Lda.;compras${i}@cliente${i}.pt;Cliente ${i};${rules.join('|')}`);
    }
    const pricesFile = Buffer.from(pricesCsv.join('\n') + '\n');
    const clientsFile = Buffer.from(clientsCsv.join('\n') + '\n');
    console.log(
      `Ficheiros: preços ${(pricesFile.length / 1024).toFixed(0)} KB (${models.length} linhas, ${unknownLines} de artigos desconhecidos = ${UNKNOWN_PCT} %), clientes ${(clientsFile.length / 1024).toFixed(0)} KB (${CLIENTS} linhas).`,
    );

    const timed = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
      const t0 = performance.now();
      const value = await fn();
      return [value, performance.now() - t0];
    };
    const actor = { id: 'bench', email: 'bench@example.pt', displayName: 'Bench' };
    const [pPreview, pPreviewMs] = await timed(() => previewErpFile(pricesFile));
    if (!pPreview.ok) throw new Error(pPreview.report.slice(0, 5).join('\n'));
    const [pApply, pApplyMs] = await timed(() => applyErpFile({ bytes: pricesFile, fileName: 'precos.csv', source: 'upload', actor }));
    if (!pApply.ok) throw new Error(pApply.report.slice(0, 5).join('\n'));
    const [cPreview, cPreviewMs] = await timed(() => previewErpFile(clientsFile));
    if (!cPreview.ok) throw new Error(cPreview.report.slice(0, 5).join('\n'));
    const [cApply, cApplyMs] = await timed(() => applyErpFile({ bytes: clientsFile, fileName: 'clientes.csv', source: 'upload', actor }));
    if (!cApply.ok) throw new Error(cApply.report.slice(0, 5).join('\n'));
    const [pAgain, pAgainMs] = await timed(() => applyErpFile({ bytes: pricesFile, fileName: 'precos.csv', source: 'upload', actor }));
    const [cAgain, cAgainMs] = await timed(() => applyErpFile({ bytes: clientsFile, fileName: 'clientes.csv', source: 'upload', actor }));
    const again = (o: typeof pAgain) => (o.ok ? `${o.preview.counts.changed + o.preview.counts.created} alterações` : 'falhou');
    const rulesAccounts = cApply.ok && cApply.preview.kind === 'clients' ? cApply.preview.accountsRepriced.length : 0;

    const total = pPreviewMs + pApplyMs + cPreviewMs + cApplyMs;
    console.log('\nSincronização PHC (tempo de parede):');
    const skipped = pApply.preview.counts.skipped ?? 0;
    if (skipped !== unknownLines) throw new Error(`ignoradas ${skipped} linhas, esperadas ${unknownLines}`);
    console.log(`  preços   ${PRICES} linhas: validar + pré-visualizar ${secs(pPreviewMs)}, aplicar ${secs(pApplyMs)} (${pApply.preview.counts.changed} preços alterados, ${skipped} linhas ignoradas)`);
    console.log(`  clientes ${CLIENTS} linhas: validar + pré-visualizar ${secs(cPreviewMs)}, aplicar ${secs(cApplyMs)} (${cApply.preview.counts.created} novos, regras em ${rulesAccounts} contas)`);
    console.log(`  os mesmos ficheiros outra vez: preços ${secs(pAgainMs)} (${again(pAgain)}), clientes ${secs(cAgainMs)} (${again(cAgain)})`);
    console.log(`  total (pré-visualizar + aplicar, preços e clientes): ${secs(total)}`);
    console.log(`\nObjetivo ≤ ${secs(GOAL_MS)}: ${total <= GOAL_MS ? 'cumprido' : 'NÃO cumprido'}.`);
    console.log('Nota: numa máquina partilhada com outros processos os tempos são pessimistas.');
  } finally {
    await closeBenchDatabase(database, dir);
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
