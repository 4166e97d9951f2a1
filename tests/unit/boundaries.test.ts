/** @jest-environment node */
/**
 * Every module under server/ starts with `import 'server-only'` (docs/architecture.md), so that a
 * client component importing it fails the build instead of shipping server code (or a secret) to
 * the browser. The import boundaries between folders are ESLint rules (eslint.config.mjs).
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const CODE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

/** Files of server/ that may not import `server-only`, and why. Keep it short. */
const ALLOWLIST: Record<string, string> = {
  // Next requires the cache handler itself, outside the bundle and without the `react-server`
  // condition, where `server-only` throws.
  'server/cache/next-handler.cjs': 'loaded by Next outside the bundle',
  // A worker thread's entry (server/admin/supplier-catalogue-cover.ts starts it): plain Node, no
  // `react-server` condition, and it only draws a PDF page from bytes it is sent.
  'server/admin/pdf-cover-worker.mjs': 'a worker thread entry, run outside the bundle',
  // The service worker: browser code, served as text by app/sw.js/route.ts (server/pwa/script.ts).
  'server/pwa/service-worker.js': 'runs in the browser, read as text',
};

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

/**
 * True when the first statement after comments and directives (`'use server'`) is exactly
 * `import 'server-only'` (a side-effect import, no bindings).
 */
function startsWithServerOnly(source: string, fileName = 'file.ts'): boolean {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false);
  for (const statement of file.statements) {
    if (ts.isExpressionStatement(statement) && ts.isStringLiteral(statement.expression)) continue;
    return (
      ts.isImportDeclaration(statement) &&
      !statement.importClause &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === 'server-only'
    );
  }
  return false;
}

describe("server/ is server-only", () => {
  it('recognises the import, after comments and directives only', () => {
    expect(startsWithServerOnly("/** doc */\n// note\nimport 'server-only';\nexport const a = 1;")).toBe(true);
    expect(startsWithServerOnly("'use server';\nimport 'server-only';\nexport async function f() {}")).toBe(true);
    expect(startsWithServerOnly("import { x } from './x';\nimport 'server-only';")).toBe(false);
    expect(startsWithServerOnly("import type { X } from 'server-only';")).toBe(false);
    expect(startsWithServerOnly('export const a = 1;')).toBe(false);
    expect(startsWithServerOnly('')).toBe(false);
  });

  it("every module under server/ starts with import 'server-only' (or is on the allowlist)", () => {
    const files = codeFiles(SERVER).map((f) => path.relative(ROOT, f).split(path.sep).join('/'));
    expect(files.length).toBeGreaterThan(50);
    const missing = files.filter(
      (f) => !(f in ALLOWLIST) && !startsWithServerOnly(fs.readFileSync(path.join(ROOT, f), 'utf8'), f),
    );
    // Add `import 'server-only';` as the first import of each file listed here.
    expect(missing).toEqual([]);
  });

  it('the allowlisted files do not import server-only (they would throw where they are loaded)', () => {
    for (const f of Object.keys(ALLOWLIST)) {
      const full = path.join(ROOT, f);
      if (!fs.existsSync(full)) continue;
      expect(fs.readFileSync(full, 'utf8')).not.toMatch(/['"]server-only['"]/);
    }
  });
});

/**
 * The demo seed (scripts/seed/: the demo catalogue, accounts and addresses) is handed to
 * prepareDatabase by the start script; the shop's own code never loads it, not even through a
 * dynamic `import()` (which the ESLint rule `boundaries/seed` does not see).
 */
describe('the demo seed stays out of the shop', () => {
  const SEED = 'scripts/seed';

  /** Every module specifier of a file: static imports, re-exports and dynamic `import()`. */
  function specifiers(source: string, fileName: string): string[] {
    const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
    const found: string[] = [];
    const visit = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        found.push(node.moduleSpecifier.text);
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])) {
        found.push(node.arguments[0].text);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    return found;
  }

  /** The repository path an import names (`@/x` or relative), or null for a package. */
  function target(specifier: string, from: string): string | null {
    if (specifier.startsWith('@/')) return specifier.slice(2);
    if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(path.join(ROOT, from)), specifier)).split(path.sep).join('/');
    return null;
  }

  it('finds static, re-exported and dynamic imports of the seed', () => {
    const source = "import { a } from '@/scripts/seed/accounts';\nexport * from '../../scripts/seed';\nconst m = await import('@/scripts/seed/catalogue');";
    expect(specifiers(source, 'x.ts').map((s) => target(s, 'server/auth/x.ts'))).toEqual(['scripts/seed/accounts', 'scripts/seed', 'scripts/seed/catalogue']);
  });

  it('lives in scripts/seed, and no module of server/, app/, components/ or lib/ imports it', () => {
    expect(fs.existsSync(path.join(ROOT, SEED, 'index.ts'))).toBe(true);
    const oldHome = path.join(ROOT, 'server', 'demo');
    expect(fs.existsSync(oldHome) ? codeFiles(oldHome) : []).toEqual([]);
    const offenders = ['server', 'app', 'components', 'lib'].flatMap((dir) =>
      codeFiles(path.join(ROOT, dir))
        .map((f) => path.relative(ROOT, f).split(path.sep).join('/'))
        .filter((f) => specifiers(fs.readFileSync(path.join(ROOT, f), 'utf8'), f).some((s) => (target(s, f) ?? '').startsWith(SEED))),
    );
    expect(offenders).toEqual([]);
  });
});
