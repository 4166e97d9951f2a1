/**
 * npm run bench:classifier [-- --show]
 *
 * The Google category classifier (lib/catalogue/google-classifier.ts) on the demo catalogue's
 * families, against the hand list tests/fixtures/classifier-expected.json (the category a person
 * chose for each family, written before the classifier):
 *
 *   coverage   = families with a suggestion / all demo families
 *   precision  = suggestions equal to the hand list's category / suggestions (of listed families)
 *
 * and the same two for the confident suggestions only (confidence ≥ CONFIDENT_AT), the ones
 * "Aplicar as sugestões" applies. --show prints every family that got no suggestion or another one.
 * No database: the demo catalogue is generated in memory, the same as the seed.
 */
import fs from 'node:fs';
import path from 'node:path';
import { classifierFigures, familiesOfCatalogue, type ExpectedFamily } from '../lib/catalogue/google-classifier-figures';
import { googleCategory } from '../lib/catalogue/google-taxonomy';
import { generateDemoCatalogue } from './seed/catalogue';
import { CHAPTERS } from './seed/chapters';

const show = process.argv.includes('--show');
const expected = JSON.parse(fs.readFileSync(path.join(process.cwd(), 'tests', 'fixtures', 'classifier-expected.json'), 'utf8')) as { families: ExpectedFamily[] };
const families = familiesOfCatalogue(generateDemoCatalogue(), (code) => CHAPTERS.find((c) => c.code === code)?.title ?? '');
const figures = classifierFigures(families, expected.families);

const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
console.log(`Demo families: ${figures.families}; in the hand list: ${figures.listed}`);
console.log(`All suggestions:        coverage ${pct(figures.coverage)} (${figures.suggested}/${figures.families}), precision ${pct(figures.precision)} (${figures.correct}/${figures.judged})`);
console.log(
  `Confident (≥ ${figures.confidentAt}):     coverage ${pct(figures.confidentCoverage)} (${figures.confidentSuggested}/${figures.families}), precision ${pct(figures.confidentPrecision)} (${figures.confidentCorrect}/${figures.confidentJudged})`,
);
const name = (id: number | null) => (id == null ? '—' : `${id} ${googleCategory(id)?.name ?? '?'}`);
if (show) {
  for (const row of figures.rows) {
    if (row.expected != null && row.suggested === row.expected) continue;
    console.log(`${row.code.padEnd(8)} ${row.title.padEnd(46)} got ${name(row.suggested).padEnd(48)} ${row.confidence == null ? '' : row.confidence.toFixed(2)}  expected ${name(row.expected)}`);
  }
}
