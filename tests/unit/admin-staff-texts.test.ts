/** @jest-environment node */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import messages from '@/messages/pt-PT.json';

/**
 * Issue 23: no staff text names the README, a file path or a server folder. Staff read the admin
 * screens' texts (messages/pt-PT.json, the `Admin` namespace) and the literal texts the admin
 * pages and components write themselves (JSX text, visible attributes, page titles); neither may
 * send them to a document they do not have or to a folder of the server.
 */

/** What a staff text must not hold, with the reason shown when it does. */
const FORBIDDEN: [RegExp, string][] = [
  [/\bREADME\b/i, 'names the README'],
  // A path of the machine (a shop address such as /campanhas/… is not one).
  [/(^|[\s(«"'`:])(\.{1,2}\/|~\/|\/(srv|var|home|tmp|opt|usr|etc|app|data|root|mnt|work)\/|[A-Za-z]:\\)/, 'holds a file path'],
  [/\b(server|data|app|lib|scripts|storage|tmp|var|home|node_modules|phc-inbox|phc-uploads|\.data(-e2e)?)\//i, 'names a server folder'],
  [/\b[A-Z][A-Z0-9_]*_(DIR|PATH)\b/, 'names a folder setting'],
  [/\.(md|tsx?|mjs|json|env)\b/, 'names a source or config file'],
  [/\{(inbox|dir|folder|pasta|caminho)\}/i, 'shows a folder or path through a placeholder'],
];

function problems(text: string): string[] {
  return FORBIDDEN.filter(([re]) => re.test(text)).map(([, why]) => why);
}

function strings(node: unknown, at: string[] = []): [string, string][] {
  if (typeof node === 'string') return [[at.join('.'), node]];
  if (node && typeof node === 'object') return Object.entries(node).flatMap(([k, v]) => strings(v, [...at, k]));
  return [];
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.tsx$/.test(e.name) ? [p] : [];
  });
}

/** Attributes whose text a person reads (or hears). */
const VISIBLE_ATTRIBUTES = new Set(['title', 'aria-label', 'aria-description', 'placeholder', 'alt', 'label', 'description', 'summary']);

/** The texts a .tsx file writes itself: JSX text, visible attributes, string children, `metadata.title`. */
function literalTexts(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const out: string[] = [];
  const literal = (n: ts.Node | undefined) => {
    if (!n) return;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) out.push(n.text);
    else if (ts.isTemplateExpression(n)) out.push([n.head.text, ...n.templateSpans.map((s) => s.literal.text)].join('…'));
    else if (ts.isConditionalExpression(n)) {
      literal(n.whenTrue);
      literal(n.whenFalse);
    } else if (ts.isBinaryExpression(n)) {
      literal(n.left);
      literal(n.right);
    } else if (ts.isParenthesizedExpression(n)) literal(n.expression);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const text = node.text.replace(/\s+/g, ' ').trim();
      if (text) out.push(text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(source);
      if (VISIBLE_ATTRIBUTES.has(name) && node.initializer) {
        if (ts.isStringLiteral(node.initializer)) out.push(node.initializer.text);
        else if (ts.isJsxExpression(node.initializer)) literal(node.initializer.expression);
      }
      return;
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      literal(node.expression);
    } else if (ts.isPropertyAssignment(node) && ['title', 'description', 'label'].includes(node.name.getText(source))) {
      literal(node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

describe('staff texts', () => {
  it('the admin messages name no README, file path or server folder', () => {
    const found = strings(messages.Admin, ['Admin'])
      .map(([key, text]) => [key, text, problems(text)] as const)
      .filter(([, , why]) => why.length)
      .map(([key, text, why]) => `${key}: ${why.join(', ')} — ${text}`);
    expect(found).toEqual([]);
  });

  it('the admin pages and components write no README, file path or server folder', () => {
    const sources = [...files('app/admin'), ...files('components/admin')];
    expect(sources.length).toBeGreaterThan(30);
    const found = sources.flatMap((file) =>
      literalTexts(file)
        .map((text) => [text, problems(text)] as const)
        .filter(([, why]) => why.length)
        .map(([text, why]) => `${file}: ${why.join(', ')} — ${text}`),
    );
    expect(found).toEqual([]);
  });

  it('catches what it is for', () => {
    expect(problems('Envie o ficheiro (formato do README).')).toEqual(['names the README']);
    expect(problems('Os ficheiros deixados na pasta /srv/loja/.data/phc-inbox são aplicados.')).toContain('holds a file path');
    expect(problems('Copie para data/phc-inbox')).toContain('names a server folder');
    expect(problems('Veja ../outra-pasta/especificacao.md')).toContain('holds a file path');
    expect(problems('Defina PHC_INBOX_DIR')).toContain('names a folder setting');
    expect(problems('Os ficheiros da pasta {inbox}')).toContain('shows a folder or path through a placeholder');
    // Ordinary texts with slashes pass: packages, dates, "s/ IVA", discounts.
    for (const ok of ['Embalagem: 10/50 ou -', 'AAAA-MM-DD ou DD/MM/AAAA', 'Preço s/ IVA', 'A=30|B=20', 'Sim/Não', 'e/ou']) expect(problems(ok)).toEqual([]);
  });
});
