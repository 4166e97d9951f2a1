#!/usr/bin/env node
/**
 * npm run cluster: the shop as it runs on several machines, on this one, in the loopback range
 * only: a throwaway PostgreSQL, Redis, an S3 server (s3rver), an SMTP capture, three instances
 * (each `npm start` with its own port and data folder, the same build and secrets) and HAProxy in
 * front. Prints the balancer's address; Ctrl-C stops everything and removes the temporary folder.
 *
 * Options: --instances N (default 3), --workers N (WEB_CONCURRENCY of each instance, default 1),
 * --port P (the balancer's port, default a free one), --no-redis, --no-s3, --keep (keep the folder).
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

process.chdir(path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..'));

// Ctrl-C while it starts: exit, and cluster-support kills what it had started (its 'exit' hook).
let cluster = null;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('\n[cluster] a parar…');
    if (cluster) {
      await cluster.stop();
      if (!process.argv.includes('--keep')) fs.rmSync(cluster.dir, { recursive: true, force: true });
    }
    process.exit(0);
  });
}

// (Registered before cluster-support loads, which then leaves SIGTERM to this handler.)
const { startCluster } = await import('./cluster-support.mjs');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  if (at < 0) return fallback;
  const value = Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) {
    console.error(`--${name}: um número inteiro positivo.`);
    process.exit(2);
  }
  return value;
}

cluster = await startCluster({
  instances: option('instances', 3),
  workers: option('workers', 1),
  port: process.argv.includes('--port') ? option('port', 0) : undefined,
  redis: !process.argv.includes('--no-redis'),
  s3: !process.argv.includes('--no-s3'),
  log: (line) => console.log(`[cluster] ${line}`),
}).catch((err) => {
  console.error(`[cluster] não arrancou: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});

console.log(`\n[cluster] A loja está em ${cluster.url} (balanceador HAProxy, ${cluster.instances.length} instâncias). Ctrl-C para parar.\n`);
