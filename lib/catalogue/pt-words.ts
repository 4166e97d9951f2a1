/**
 * Words of European Portuguese product text, compared the way staff read them: lower case, no
 * accents ("Válvula" = "valvula"), singular ("Sifões" = "sifão", "Urinóis" = "urinol"), hyphenated
 * compounds kept whole ("Lava-Louças" = "lavalouca"). Used by the Google taxonomy search and the
 * category classifier.
 */

/** Lower case, without accents: "Aquecimento" and "aquécimento" fold alike. */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Words that carry no meaning of their own in a product name. */
const STOPWORDS = new Set([
  'a', 'ao', 'aos', 'as', 'com', 'como', 'da', 'das', 'de', 'do', 'dos', 'e', 'em', 'na', 'nas', 'no', 'nos', 'o', 'os', 'ou', 'para', 'por', 'pelo', 'pela', 'sem', 'so', 'um', 'uma', 'tipo',
]);

/** Plural endings of Portuguese, on folded words (no accents), longest first. */
const PLURALS: readonly [RegExp, string][] = [
  [/oes$/, 'ao'], // sifões → sifão, ligações → ligação
  [/aes$/, 'ao'], // cães → cão (rare here; pães)
  [/ais$/, 'al'], // metais → metal
  [/eis$/, 'el'], // flexíveis → flexível, papéis → papel
  [/ois$/, 'ol'], // urinóis → urinol
  [/ns$/, 'm'], // jardins → jardim
  [/(r|z)es$/, '$1'], // radiadores → radiador, luzes → luz
];

/** The singular of one folded word: "torneiras" → "torneira", "sifoes" → "sifao"; short words kept. */
export function singular(word: string): string {
  if (word.length <= 3 || !word.endsWith('s')) return word;
  for (const [re, to] of PLURALS) if (re.test(word)) return word.replace(re, to);
  // "-is" of a word in "-il" (funis → funil) is rare and ambiguous (lapis, tenis): left alone.
  if (/[^aeiou]is$/.test(word) || /(us|ss)$/.test(word)) return word;
  return word.slice(0, -1);
}

/** The meaningful words of a text, folded and singular; hyphenated compounds joined ("lavalouca"). */
export function words(text: string): string[] {
  const out: string[] = [];
  // "loiça" and "louça" are both European Portuguese spellings of one word.
  for (const raw of foldText(text).replace(/loic/g, 'louc').split(/[^a-z0-9-]+/)) {
    const word = raw.replace(/^-+|-+$/g, '');
    if (!word) continue;
    // A compound (lava-louça, anti-retorno) counts as one word; its parts do not stand alone.
    const joined = word.replace(/-/g, '');
    if (STOPWORDS.has(joined) || /^\d+$/.test(joined)) continue;
    out.push(singular(joined));
  }
  return out;
}
