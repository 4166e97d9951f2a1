/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every route handler under app/ goes through the one wrapper (server/api/route.ts): each exported
 * HTTP method of a route.ts must be made by `apiRoute(…)` or `rawRoute(…)` imported from
 * '@/server/api/route' — directly, or through a constant of the same file that is. A handler
 * written as a plain function (or re-exported from elsewhere) is listed.
 */
const APP = path.join(process.cwd(), 'app');
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
const WRAPPERS = new Set(['apiRoute', 'rawRoute']);

function routeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return routeFiles(full);
    return /^route\.(ts|tsx|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** Problems of one route file (empty when every exported method is wrapped). */
function unwrappedHandlers(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const wrappers = new Set<string>();
  const constants = new Map<string, ts.Expression | undefined>();
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement) && ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === '@/server/api/route') {
      const named = statement.importClause?.namedBindings;
      if (named && ts.isNamedImports(named)) {
        for (const el of named.elements) if (WRAPPERS.has((el.propertyName ?? el.name).text)) wrappers.add(el.name.text);
      }
    }
    if (ts.isVariableStatement(statement)) {
      for (const decl of statement.declarationList.declarations) if (ts.isIdentifier(decl.name)) constants.set(decl.name.text, decl.initializer);
    }
  }
  const isWrapped = (expr: ts.Expression | undefined, seen = new Set<string>()): boolean => {
    if (!expr) return false;
    if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr) || ts.isSatisfiesExpression(expr)) return isWrapped(expr.expression, seen);
    if (ts.isCallExpression(expr)) return ts.isIdentifier(expr.expression) && wrappers.has(expr.expression.text);
    if (ts.isIdentifier(expr) && !seen.has(expr.text)) return isWrapped(constants.get(expr.text), new Set([...seen, expr.text]));
    return false;
  };

  const problems: string[] = [];
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && exported(statement) && statement.name && METHODS.has(statement.name.text)) {
      problems.push(`${statement.name.text} is a plain function`);
    }
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const decl of statement.declarationList.declarations) {
        if (ts.isIdentifier(decl.name)) {
          if (METHODS.has(decl.name.text) && !isWrapped(decl.initializer)) problems.push(`${decl.name.text} is not made by apiRoute/rawRoute`);
        } else {
          for (const el of decl.name.elements) {
            if (ts.isBindingElement(el) && ts.isIdentifier(el.name) && METHODS.has(el.name.text)) problems.push(`${el.name.text} comes from a destructured object`);
          }
        }
      }
    }
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const el of statement.exportClause.elements) {
        if (!METHODS.has(el.name.text)) continue;
        const local = (el.propertyName ?? el.name).text;
        if (statement.moduleSpecifier || !isWrapped(ts.factory.createIdentifier(local))) problems.push(`${el.name.text} is re-exported without the wrapper`);
      }
    }
  }
  return problems;
}

describe('route handlers under app/', () => {
  const files = routeFiles(APP);

  it('exist (the scan sees them)', () => {
    expect(files.length).toBeGreaterThanOrEqual(17);
  });

  it('all export their handlers through apiRoute/rawRoute of server/api/route.ts', () => {
    const failures = files
      .map((file) => ({ file: path.relative(process.cwd(), file), problems: unwrappedHandlers(file, fs.readFileSync(file, 'utf8')) }))
      .filter((r) => r.problems.length > 0)
      .map((r) => `${r.file}: ${r.problems.join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('catches the usual ways around the wrapper', () => {
    const head = "import { apiRoute } from '@/server/api/route';\n";
    expect(unwrappedHandlers('a.ts', `${head}export const GET = apiRoute({}, async () => ({ data: 1 }));`)).toEqual([]);
    expect(unwrappedHandlers('a.ts', `${head}const h = apiRoute({}, async () => ({ data: 1 }));\nexport const GET = h;\nexport { h as POST };`)).toEqual([]);
    expect(unwrappedHandlers('a.ts', 'export async function GET() { return new Response(); }')).toEqual(['GET is a plain function']);
    expect(unwrappedHandlers('a.ts', 'export const POST = async () => new Response();')).toEqual(['POST is not made by apiRoute/rawRoute']);
    expect(unwrappedHandlers('a.ts', "import { toNextJsHandler } from 'x';\nexport const { GET, POST } = toNextJsHandler(h);")).toHaveLength(2);
    expect(unwrappedHandlers('a.ts', "export { GET } from './elsewhere';")).toEqual(['GET is re-exported without the wrapper']);
    // A look-alike from another module does not count.
    expect(unwrappedHandlers('a.ts', "import { apiRoute } from './mine';\nexport const GET = apiRoute({}, h);")).toHaveLength(1);
  });
});
