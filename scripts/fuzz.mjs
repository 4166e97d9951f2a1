#!/usr/bin/env node
/**
 * npm run fuzz — generated bad input against a fresh `npm start` (scripts/fuzz-support.mjs): every
 * route handler and page family with wrong types, huge and negative numbers, NaN, bad
 * percent-encoding, long strings, arrays, unknown fields, bodies of the wrong shape, over 1 MB or
 * not JSON, wrong methods and content types, path traversal and null bytes. Prints the counts by
 * status and by route family, then every answer ≥ 500, every request left without an answer and
 * every body showing a stack trace or SQL text, every server action that threw (its RSC error
 * row, even under a 200), with the command that repeats it. Exit code 1
 * when there is any.
 * About 12 % of the requests (UPLOAD_SHARE) are multipart uploads of the hostile corpus
 * (scripts/hostile-corpus.mjs, written into tests/fixtures/hostile when missing) and mutations of
 * it to every upload route and server action, signed in as the demo administrator or customer
 * (the run fails when uploads are under 10 % of the requests). FUZZ_UPLOADS=0 leaves them out.
 *
 * - FUZZ_SEED (1), FUZZ_REQUESTS (10000), FUZZ_CONCURRENCY (8), FUZZ_TIMEOUT_MS (30000).
 * - The app runs as `npm start` does (scripts/bench-support.mjs `startApp`: builds when the
 *   sources changed) on FUZZ_PORT (3340) with a fresh data folder holding the demo catalogue
 *   (FUZZ_DATA_DIR, ./.data-fuzz, emptied before and removed after the run).
 * - FUZZ_BASE_URL=http://host:port runs against a server already running instead.
 * - FUZZ_ONLY=12,345 sends only those requests of the seed's run (to repeat a finding).
 * - The full list of findings, with bodies, goes to test-results/fuzz-findings.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { root, startApp } from './bench-support.mjs';
import { bodyLength, curlOf, describeFinding, discoverCatalogue, findingsOf, generateRequests, prepareUploads, runFuzz, summaryOf } from './fuzz-support.mjs';

const seed = process.env.FUZZ_SEED ?? '1';
const count = Number(process.env.FUZZ_REQUESTS ?? 10_000);
const concurrency = Number(process.env.FUZZ_CONCURRENCY ?? 8);
const timeoutMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 30_000);
const port = Number(process.env.FUZZ_PORT ?? 3340);
const dataDir = path.resolve(root, process.env.FUZZ_DATA_DIR ?? '.data-fuzz');
const only = (process.env.FUZZ_ONLY ?? '')
  .split(',')
  .map((s) => s.trim())
  .filter(Boolean)
  .map(Number);

let app = null;
let base = process.env.FUZZ_BASE_URL?.replace(/\/+$/, '');
if (!base) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true });
  // SITE_URL: the origin the demo sign-ins of the uploads come from.
  app = await startApp({ port, dataDir, label: 'fuzz', env: { SITE_URL: process.env.SITE_URL ?? `http://127.0.0.1:${port}` } });
  base = app.base;
}

let exitCode = 0;
try {
  const catalogue = await discoverCatalogue(base);
  console.log(
    `Catálogo lido de ${base}: ${catalogue.chapters.length} capítulos, ${catalogue.families.length} famílias, ${catalogue.products.length} produtos, ${catalogue.brands.length} marcas, ${catalogue.campaigns.length} campanhas.`,
  );
  const withUploads = process.env.FUZZ_UPLOADS !== '0';
  const uploads = withUploads ? await prepareUploads({ base, corpusDir: path.join(root, 'tests', 'fixtures', 'hostile'), buildDir: path.join(root, '.next'), catalogue }) : undefined;
  if (uploads) {
    console.log(`Envios: ${uploads.files.length} ficheiros do corpus hostil (tests/fixtures/hostile) e variantes; sessões: administrador ${uploads.sessions.admin ? 'sim' : 'NÃO'}, cliente ${uploads.sessions.customer ? 'sim' : 'NÃO'}; ${Object.keys(uploads.actions).length} ações com id.`);
    for (const w of uploads.warnings) console.log(`  aviso: ${w}`);
    if (!process.env.FUZZ_BASE_URL && !uploads.sessions.admin) throw new Error('sem sessão do administrador de demonstração: os envios de ficheiros não chegariam aos leitores');
  }
  const total = only.length ? Math.max(...only) + 1 : count;
  let requests = generateRequests({ seed, count: total, catalogue, uploads });
  if (only.length) requests = requests.filter((r) => only.includes(r.index));
  console.log(`A enviar ${requests.length} pedidos (semente ${seed}, ${concurrency} em paralelo)…`);

  const started = Date.now();
  let shown = 0;
  const results = await runFuzz({
    base,
    requests,
    concurrency,
    timeoutMs,
    onProgress: (done, all) => {
      const step = Math.floor((done / all) * 10);
      if (step > shown) {
        shown = step;
        console.log(`  ${done}/${all} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
      }
    },
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`\n${results.length} pedidos em ${seconds.toFixed(0)} s (${(results.length / seconds).toFixed(0)} por segundo).\n`);
  console.log(summaryOf(results));

  const findings = findingsOf(results);
  const out = path.join(root, 'test-results', 'fuzz-findings.json');
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(
    out,
    JSON.stringify(
      findings.map((x) => ({ index: x.request.index, family: x.request.family, upload: x.request.upload, status: x.status, actionError: x.actionError, leaks: x.leaks, error: x.error, excerpt: x.excerpt, curl: curlOf(base, x.request) })),
      null,
      2,
    ),
  );
  if (results.length < requests.length) {
    exitCode = 1;
    console.log(`\nSó ${results.length} de ${requests.length} pedidos foram enviados: o servidor deixou de responder (os últimos pedidos da lista abaixo estavam em curso).`);
  }
  const fivexx = results.filter((x) => x.status >= 500).length;
  const silent = results.filter((x) => x.status === 0).length;
  const leaky = results.filter((x) => x.leaks.length > 0).length;
  const threw = results.filter((x) => x.actionError && x.status < 500).length;
  const sent = results.filter((x) => x.request.upload);
  console.log(`\nRespostas ≥ 500: ${fivexx}. Sem resposta: ${silent}. Corpos com stack trace ou SQL: ${leaky}. Ações que lançaram um erro com estado < 500: ${threw}.`);
  if (uploads) {
    const megabytes = sent.reduce((n, x) => n + bodyLength(x.request.body), 0) / 1024 / 1024;
    console.log(
      `Envios de ficheiros: ${sent.length} de ${results.length} pedidos (${megabytes.toFixed(0)} MB); ≥ 500: ${sent.filter((x) => x.status >= 500).length}; erro da ação com estado < 500: ${sent.filter((x) => x.actionError && x.status < 500).length}; sem resposta: ${sent.filter((x) => x.status === 0).length}.`,
    );
    if (!only.length && sent.length < results.length * 0.1) {
      exitCode = 1;
      console.log(`Menos de 10 % dos pedidos foram envios de ficheiros (${sent.length}).`);
    }
  }
  if (findings.length) {
    exitCode = 1;
    console.log(`\n${findings.length} pedido(s) a corrigir (lista completa em ${path.relative(root, out)}):\n`);
    for (const x of findings.slice(0, 200)) console.log(`${describeFinding(base, seed, x)}\n`);
    if (findings.length > 200) console.log(`… e mais ${findings.length - 200}.`);
  }
} catch (err) {
  console.error(err);
  exitCode = 2;
} finally {
  if (app) {
    await app.stop();
    if (!process.env.FUZZ_KEEP_DATA) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
process.exit(exitCode);
