#!/usr/bin/env node
/**
 * Makes sure the browser of the end-to-end tests exists before Playwright starts (npm test,
 * npm run test:e2e). playwright.config.ts launches `CHROMIUM_PATH`, or Debian's `chromium` at
 * /usr/bin/chromium. When it is missing:
 * - as root with apt-get (a fresh Debian/Ubuntu machine or container) it installs `chromium`
 *   itself, printing each command;
 * - otherwise it stops at once (exit 1) with the one command to run.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The browser playwright.config.ts uses when CHROMIUM_PATH is unset. */
export const DEFAULT_CHROMIUM_PATH = '/usr/bin/chromium';

export const APT_COMMANDS = [
  ['apt-get', 'update'],
  ['apt-get', 'install', '-y', 'chromium'],
];

/**
 * What to do, from the facts of the machine (pure: no I/O).
 * @param {{ chromiumPathEnv?: string, exists: (file: string) => boolean, isRoot: boolean, hasAptGet: boolean, hasSudo: boolean }} facts
 * @returns {{ action: 'ready', path: string } | { action: 'install', path: string, commands: string[][] } | { action: 'fail', path: string, message: string }}
 */
export function planChromium({ chromiumPathEnv, exists, isRoot, hasAptGet, hasSudo }) {
  const custom = Boolean(chromiumPathEnv && chromiumPathEnv.trim());
  const browser = custom ? chromiumPathEnv.trim() : DEFAULT_CHROMIUM_PATH;
  if (exists(browser)) return { action: 'ready', path: browser };

  if (custom && browser !== DEFAULT_CHROMIUM_PATH) {
    return {
      action: 'fail',
      path: browser,
      message:
        `CHROMIUM_PATH aponta para ${browser}, que não existe ou não é executável.\n` +
        `Corrija o caminho, ou retire CHROMIUM_PATH e instale o Chromium do Debian:\n\n` +
        `    ${hasSudo && !isRoot ? 'sudo ' : ''}apt-get install -y chromium\n`,
    };
  }
  if (hasAptGet && isRoot) return { action: 'install', path: browser, commands: APT_COMMANDS };

  const command = hasAptGet
    ? `${hasSudo ? 'sudo ' : ''}apt-get update && ${hasSudo ? 'sudo ' : ''}apt-get install -y chromium`
    : 'CHROMIUM_PATH=/caminho/para/chromium npm test';
  return {
    action: 'fail',
    path: browser,
    message:
      `Os testes no browser precisam do Chromium em ${browser}, que não existe.\n` +
      (hasAptGet
        ? `Instale-o (é preciso ser root para o apt-get) e volte a correr npm test:\n\n`
        : `Este sistema não tem apt-get: instale um Chromium ou Chrome e indique o executável:\n\n`) +
      `    ${command}\n`,
  };
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function onPath(command) {
  return (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && isExecutable(path.join(dir, command)));
}

function main() {
  const facts = {
    chromiumPathEnv: process.env.CHROMIUM_PATH,
    exists: isExecutable,
    isRoot: typeof process.getuid === 'function' && process.getuid() === 0,
    hasAptGet: process.platform === 'linux' && onPath('apt-get'),
    hasSudo: onPath('sudo'),
  };
  const plan = planChromium(facts);
  if (plan.action === 'ready') return 0;
  if (plan.action === 'fail') {
    console.error(`\n${plan.message}`);
    return 1;
  }

  console.log(`Chromium não encontrado em ${plan.path}: a instalar o pacote chromium do Debian (uma só vez).`);
  for (const [command, ...args] of plan.commands) {
    console.log(`$ ${[command, ...args].join(' ')}`);
    const result = spawnSync(command, args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (result.status !== 0) {
      console.error(`\n${command} ${args.join(' ')} falhou (código ${result.status ?? result.signal}).`);
      return 1;
    }
  }
  if (!isExecutable(plan.path)) {
    console.error(`\nO pacote chromium foi instalado mas ${plan.path} continua a não existir.`);
    return 1;
  }
  console.log(`Chromium instalado: ${plan.path}`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = main();
}
