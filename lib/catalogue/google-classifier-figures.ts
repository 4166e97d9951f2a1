/**
 * The classifier's figures on a catalogue against a hand list (tests/fixtures/classifier-expected.json):
 * shared by `npm run bench:classifier` and the Jest test that holds the goals (coverage ≥ 80 %,
 * precision ≥ 90 %).
 */
import { CONFIDENT_AT, suggestForFamily } from './google-classifier';

export interface ExpectedFamily {
  code: string;
  family: string;
  categoryId: number;
}

/** One family as the classifier reads it. */
export interface FiguresFamily {
  code: string;
  title: string;
  chapterTitle: string;
  productNames: readonly string[];
}

export interface FigureRow {
  code: string;
  title: string;
  suggested: number | null;
  confidence: number | null;
  expected: number | null;
}

export interface ClassifierFigures {
  families: number;
  listed: number;
  suggested: number;
  judged: number;
  correct: number;
  coverage: number;
  precision: number;
  confidentAt: number;
  confidentSuggested: number;
  confidentJudged: number;
  confidentCorrect: number;
  confidentCoverage: number;
  confidentPrecision: number;
  rows: FigureRow[];
}

/** Each family of a catalogue (the demo generator's shape: families and import rows) as the classifier reads it. */
export function familiesOfCatalogue(
  catalogue: { families: readonly { code: string; chapterCode: number; title: string }[]; rows: readonly { family_code?: string; product_name?: string }[] },
  chapterTitle: (code: number) => string,
): FiguresFamily[] {
  const names = new Map<string, Set<string>>();
  for (const row of catalogue.rows) {
    const set = names.get(row.family_code ?? '') ?? new Set<string>();
    if (row.product_name) set.add(row.product_name);
    names.set(row.family_code ?? '', set);
  }
  return catalogue.families.map((f) => ({ code: f.code, title: f.title, chapterTitle: chapterTitle(f.chapterCode), productNames: [...(names.get(f.code) ?? [])] }));
}

/** Suggestions for every family, compared with the hand list. */
export function classifierFigures(families: readonly FiguresFamily[], expected: readonly ExpectedFamily[]): ClassifierFigures {
  const want = new Map(expected.map((e) => [e.code, e.categoryId]));
  const rows: FigureRow[] = families.map((f) => {
    const s = suggestForFamily(f);
    return { code: f.code, title: f.title, suggested: s?.categoryId ?? null, confidence: s?.confidence ?? null, expected: want.get(f.code) ?? null };
  });
  const suggested = rows.filter((r) => r.suggested != null);
  const judged = suggested.filter((r) => r.expected != null);
  const correct = judged.filter((r) => r.suggested === r.expected);
  const confident = suggested.filter((r) => (r.confidence ?? 0) >= CONFIDENT_AT);
  const confidentJudged = confident.filter((r) => r.expected != null);
  const confidentCorrect = confidentJudged.filter((r) => r.suggested === r.expected);
  const ratio = (a: number, b: number) => (b === 0 ? 0 : a / b);
  return {
    families: rows.length,
    listed: rows.filter((r) => r.expected != null).length,
    suggested: suggested.length,
    judged: judged.length,
    correct: correct.length,
    coverage: ratio(suggested.length, rows.length),
    precision: ratio(correct.length, judged.length),
    confidentAt: CONFIDENT_AT,
    confidentSuggested: confident.length,
    confidentJudged: confidentJudged.length,
    confidentCorrect: confidentCorrect.length,
    confidentCoverage: ratio(confident.length, rows.length),
    confidentPrecision: ratio(confidentCorrect.length, confidentJudged.length),
    rows,
  };
}
