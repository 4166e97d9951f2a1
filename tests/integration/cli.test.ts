/** @jest-environment node */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '@/server/db/client';

const root = path.join(__dirname, '..', '..');
const fixture = (name: string) => path.join(root, 'tests', 'fixtures', name);

let dataDir: string;
let workDir: string;

function run(script: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, SKIP_DEMO_SEED: '' };
  delete env.DATABASE_URL; // these tests exercise the embedded data folder
  const result = spawnSync(process.execPath, ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', script), ...args], {
    cwd: root,
    env,
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-cli-'));
  dataDir = path.join(workDir, 'data');
});
afterAll(() => fs.rmSync(workDir, { recursive: true, force: true }));

describe('catalogue commands on the data folder', () => {
  it('rejects a bad file with every problem listed and writes nothing', () => {
    const result = run('catalogue-import.ts', fixture('catalogue-bad.csv'));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('Importação cancelada: nada foi gravado. 5 problema(s) encontrado(s):');
    expect(result.stderr).toContain('Linha 6, coluna ean: dígito de controlo inválido');
    const exported = path.join(workDir, 'after-bad.csv');
    expect(run('catalogue-export.ts', exported).code).toBe(0);
    expect(fs.readFileSync(exported, 'utf8').trim().split(/\r?\n/)).toHaveLength(1); // header only
  });

  it('imports into an empty folder, prints a summary, and a later start does not add the demo catalogue', () => {
    const result = run('catalogue-import.ts', fixture('catalogue-small.csv'));
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Importação concluída: 5 linhas');
    expect(result.stdout).toMatch(/Modelos\s+5\s+0\s+0/);

    const prepared = run('db-prepare.ts');
    expect(prepared.code).toBe(0);
    expect(prepared.stdout).toContain('Base de dados pronta');
    expect(prepared.stdout).not.toContain('Catálogo de demonstração criado');

    const exported = path.join(workDir, 'export.csv');
    expect(run('catalogue-export.ts', exported).code).toBe(0);
    const text = fs.readFileSync(exported, 'utf8');
    expect(text.startsWith('\uFEFF')).toBe(true); // UTF-8 BOM so spreadsheets read the accents right
    const lines = text.trim().split(/\r?\n/);
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe(
      'chapter_code;family_code;family_title;product_id;product_name;description;brand;model_code;model_name;size;price;discount_group;ean;stock_status;small_package;medium_package;large_package;image;attributes',
    );
  });

  it('refuses to open a data folder another process holds', async () => {
    const held = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const result = run('catalogue-export.ts', path.join(workDir, 'never.csv'));
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`está a ser usada por outro processo (PID ${process.pid})`);
    } finally {
      await held.close();
    }
  });
});
