/**
 * Resolves the labelling rules of `labels.ts` into `queries.json` (product codes per query).
 * Run after changing the rules: `node --conditions=react-server --import tsx tests/search-quality/build-queries.ts`
 */
import fs from 'node:fs';
import path from 'node:path';
import { KINDS, LABELS, codeLabels, demoProducts, type Kind } from './labels';

export interface LabelledQuery {
  query: string;
  kind: Kind;
  /** Product codes of the products meant (gain 2). */
  relevant: string[];
  /** Acceptable products (gain 1). */
  partial?: string[];
  note?: string;
}

function main() {
  const products = demoProducts();
  const out: LabelledQuery[] = [];
  for (const spec of [...LABELS, ...codeLabels(products)]) {
    const relevant = products.filter(spec.relevant).map((p) => p.code);
    const partialRule = 'partial' in spec ? spec.partial : undefined;
    const partial = partialRule ? products.filter((p) => partialRule(p) && !relevant.includes(p.code)).map((p) => p.code) : [];
    if (relevant.length === 0) throw new Error(`"${spec.query}": no relevant product`);
    out.push({
      query: spec.query,
      kind: spec.kind,
      relevant,
      ...(partial.length ? { partial } : {}),
      ...(spec.note ? { note: spec.note } : {}),
    });
  }
  const file = path.join(path.dirname(new URL(import.meta.url).pathname), 'queries.json');
  fs.writeFileSync(file, `${JSON.stringify(out, null, 1)}\n`);
  for (const kind of KINDS) console.log(`${kind}: ${out.filter((q) => q.kind === kind).length}`);
  console.log(`${out.length} queries → ${file}`);
  for (const q of out) console.log(`  [${q.kind}] ${q.query}: ${q.relevant.length} relevant, ${q.partial?.length ?? 0} partial`);
}

main();
