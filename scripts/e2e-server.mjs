#!/usr/bin/env node
/** Starts the app for the end-to-end tests on a fresh data folder (the demo catalogue is seeded). */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = path.resolve(root, process.env.DATA_DIR || '.data-e2e');
fs.rmSync(dataDir, { recursive: true, force: true });
const env = { ...process.env, DATA_DIR: dataDir };
delete env.DATABASE_URL; // the browser tests always run on the embedded database

const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
