/** @jest-environment node */
/**
 * One error vocabulary (docs/architecture.md, "Errors and the JSON envelope"): an AppError names a
 * key of messages/pt-PT.json, never a finished sentence, and route files write no Portuguese and
 * translate nothing themselves: the route wrapper (server/api/route.ts) and the action wrapper
 * (server/actions/validated-action.ts) turn keys into text. eslint.config.mjs refuses the same
 * two things while editing; this scan keeps them out of the suite's green too.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '../..');
const CODE = /\.(ts|tsx)$/;

function codeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return codeFiles(full);
    return CODE.test(entry.name) ? [full] : [];
  });
}

const rel = (file: string) => path.relative(ROOT, file).split(path.sep).join('/');

function walk(source: string, fileName: string, visit: (node: ts.Node, file: ts.SourceFile) => void): void {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true);
  const go = (node: ts.Node) => {
    visit(node, file);
    ts.forEachChild(node, go);
  };
  go(file);
}

const at = (file: ts.SourceFile, node: ts.Node) => `${file.fileName}:${file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1}`;

/** `new AppError({ …, message: … })` (also through `as`/`satisfies`). */
function appErrorsWithMessage(source: string, fileName = 'file.ts'): string[] {
  const found: string[] = [];
  walk(source, fileName, (node, file) => {
    if (!ts.isNewExpression(node) || !ts.isIdentifier(node.expression) || node.expression.text !== 'AppError') return;
    let arg = node.arguments?.[0];
    while (arg && (ts.isAsExpression(arg) || ts.isSatisfiesExpression(arg) || ts.isParenthesizedExpression(arg))) arg = arg.expression;
    if (arg && ts.isObjectLiteralExpression(arg) && arg.properties.some((p) => p.name && ts.isIdentifier(p.name) && p.name.text === 'message')) {
      found.push(at(file, node));
    }
  });
  return found;
}

/** Letters beyond ASCII (á, ç, ã, «, €…) in string literals and templates: Portuguese text. */
const PORTUGUESE = /[\u00C0-\u024F\u00AB\u00BB\u20AC]/;

function portugueseStrings(source: string, fileName = 'route.ts'): string[] {
  const found: string[] = [];
  walk(source, fileName, (node, file) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      if (PORTUGUESE.test(node.text)) found.push(`${at(file, node)} «${node.text.slice(0, 60)}»`);
    }
  });
  return found;
}

/** A route file that translates for itself (imports the server translator). */
function translates(source: string): boolean {
  return /from ['"]@\/server\/i18n['"]/.test(source) || /\b(serverTranslator|serverText)\(/.test(source);
}

const sourceFiles = () => ['server', 'app', 'lib'].flatMap((d) => codeFiles(path.join(ROOT, d)));
const routeFiles = () => codeFiles(path.join(ROOT, 'app')).filter((f) => /\/route\.ts$/.test(f));

describe('the scanners', () => {
  it('see a finished message in an AppError, and not a key', () => {
    expect(appErrorsWithMessage("throw new AppError({ code: 'not_found', message: 'Produto não encontrado.' });")).toHaveLength(1);
    expect(appErrorsWithMessage("throw new AppError({ code: 'not_found', message: text('x') } as never);")).toHaveLength(1);
    expect(appErrorsWithMessage("throw new AppError({ code: 'not_found', key: 'Api.productNotFound', values: { message: 'a' } });")).toEqual([]);
  });

  it('see Portuguese in strings and templates, not in comments or ASCII keys', () => {
    expect(portugueseStrings("const a = 'Catálogo importado.';")).toHaveLength(1);
    expect(portugueseStrings('const b = `Há ${n} linha(s)`;')).toHaveLength(1);
    expect(portugueseStrings("// Não encontrado\nconst c = { key: 'Api.notFound' };")).toEqual([]);
  });
});

describe('one error vocabulary', () => {
  it('every AppError is made from a message key', () => {
    const found = sourceFiles().flatMap((f) => appErrorsWithMessage(fs.readFileSync(f, 'utf8'), rel(f)));
    // Add the text to messages/pt-PT.json and pass `key` (and `values`) instead of `message`.
    expect(found).toEqual([]);
  });

  it('route files write no Portuguese', () => {
    const files = routeFiles();
    expect(files.length).toBeGreaterThan(50);
    const found = files.flatMap((f) => portugueseStrings(fs.readFileSync(f, 'utf8'), rel(f)));
    // Pass a key of messages/pt-PT.json: the wrapper translates it (a feed's or a file's own words come from server/).
    expect(found).toEqual([]);
  });

  it('route files translate nothing themselves', () => {
    expect(routeFiles().filter((f) => translates(fs.readFileSync(f, 'utf8'))).map(rel)).toEqual([]);
  });

  it('AppError lives in server/errors.ts, the translator in server/i18n.ts (no copies left behind)', () => {
    expect(fs.existsSync(path.join(ROOT, 'server/mail/i18n.ts'))).toBe(false);
    expect(fs.readFileSync(path.join(ROOT, 'server/errors.ts'), 'utf8')).toMatch(/export class AppError\b/);
    expect(fs.readFileSync(path.join(ROOT, 'server/api/errors.ts'), 'utf8')).not.toMatch(/class AppError|export \{[^}]*AppError/);
  });
});
