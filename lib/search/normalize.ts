/**
 * Text normalisation shared by the search engine (server) and anything that wants to show how a
 * query was understood. Pure functions, no I/O.
 */

/** Lowercase and strip diacritics the way PostgreSQL's `unaccent` does for Portuguese text. */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[øØ]/g, 'o')
    .toLowerCase();
}

const UNICODE_FRACTIONS: Record<string, string> = {
  '½': '1/2',
  '¼': '1/4',
  '¾': '3/4',
  '⅛': '1/8',
  '⅜': '3/8',
  '⅝': '5/8',
  '⅞': '7/8',
  '⅓': '1/3',
  '⅔': '2/3',
};

/**
 * Normalises a raw query: Unicode fractions and quote marks, inch words (`polegada`, `pol`),
 * decimal commas, `DN 15`, diameter signs, spacing. Keeps accents (see `foldAccents`).
 */
export function normalizeQuery(raw: string): string {
  let s = raw.normalize('NFC').toLowerCase();
  // `1½"` → `1 1/2"`, `½"` → `1/2"`.
  s = s.replace(/(\d?)\s*([½¼¾⅛⅜⅝⅞⅓⅔])/g, (_m, whole: string, frac: string) =>
    `${whole ? `${whole} ` : ' '}${UNICODE_FRACTIONS[frac] ?? ''}`,
  );
  s = s.replace(/\u2044/g, '/'); // fraction slash
  // Inch marks: ″ “ ” „ ‟ '' ´´ → "
  s = s.replace(/(''|´´|[″“”„‟])/g, '"');
  // A single quote right after a fraction is meant as inches too (`1/2'`).
  s = s.replace(/(\d\/\d{1,2})'/g, '$1"');
  // Inch words after a number or fraction.
  s = s.replace(/(\d)\s*(?:polegadas?|pols?\.?|inch(?:es)?)(?![\p{L}\p{N}])/gu, '$1"');
  // Decimal comma between digits.
  s = s.replace(/(\d),(\d)/g, '$1.$2');
  // `dn 15` → `dn15`; `ø 15` / `⌀15` → `15 mm`.
  s = s.replace(/\bdn\s+(\d)/g, 'dn$1');
  s = s.replace(/[øØ⌀]\s*(\d+(?:\.\d+)?)(?!\s*(?:mm|cm|m)\b)/g, '$1 mm');
  s = s.replace(/[øØ⌀]\s*/g, '');
  // Punctuation that never carries meaning in a search.
  s = s.replace(/[!?;:()[\]{}<>«»|+*=#@$%^&~`\\]/g, ' ');
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Effective stop words of the `pt_unaccent` configuration: PostgreSQL's Portuguese stop list is
 * checked after unaccent, so only its entries without accents ever match (plus `te` for `tê`).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    'de a o que e do da em um para com uma os no se na por mais as dos como mas ao ele das seu sua ou quando muito ' +
    'nos eu pelo pela ate isso ela entre depois sem mesmo aos seus quem nas me esse eles essa num nem suas meu ' +
    'minha numa pelos elas qual lhe deles essas esses pelas este dele tu te vos lhes meus minhas teu tua teus tuas ' +
    'nosso nossa nossos nossas dela delas esta estes estas aquele aquela aqueles aquelas isto aquilo estou estamos ' +
    'estive esteve estivemos estiveram estava estavam estivera esteja estejamos estejam estivesse estivessem estiver ' +
    'estivermos estiverem hei havemos houve houvemos houveram houvera haja hajamos hajam houvesse houvessem houver ' +
    'houvermos houverem houverei houveremos houveria houveriam sou somos era eram fui foi fomos foram fora seja ' +
    'sejamos sejam fosse fossem for formos forem serei seremos seria seriam tenho tem temos tinha tinham tive teve ' +
    'tivemos tiveram tivera tenha tenhamos tenham tivesse tivessem tiver tivermos tiverem terei teremos teria teriam'
  ).split(' '),
);

/** True when PostgreSQL drops this (accent-folded) word from documents and queries. */
export function isStopword(folded: string): boolean {
  return STOPWORDS.has(folded);
}

/** Words of a folded text: letters and digits, keeping `-`, `/` and `.` inside a word. */
export function words(folded: string): string[] {
  return folded.match(/[\p{L}\p{N}]+(?:[-/.][\p{L}\p{N}]+)*/gu) ?? [];
}

/**
 * Spelling variants of the 1990 orthographic agreement (and common loan spellings): the catalogue
 * writes `detetor`, `eletroválvula`, `coletor`, `teto`, `ótico`; people still type the old forms.
 */
export function modernSpelling(folded: string): string {
  let w = folded;
  w = w.replace(/^electr/, 'eletr');
  w = w.replace(/^tecto(s?)$/, 'teto$1'); // tecto
  w = w.replace(/([aeiou])ctor(es)?$/, '$1tor$2'); // detector, colector, projector, protector, extractor
  w = w.replace(/([aeiou])ccao$/, '$1cao').replace(/([aeiou])ccoes$/, '$1coes'); // protecção, acção
  w = w.replace(/([aeiou])ctivo(s)?$/, '$1tivo$2'); // activo
  w = w.replace(/^optic/, 'otic'); // óptico
  w = w.replace(/^loica/, 'louca').replace(/-loica/, '-louca'); // loiça / louça
  return w;
}

const PLURAL_RULES: readonly [RegExp, string][] = [
  [/oes$/, 'ao'], // sifões → sifão, uniões → união, reduções → redução
  [/aes$/, 'ao'],
  [/aos$/, 'ao'],
  [/eis$/, 'el'], // painéis → painel, flexíveis → flexível, carretéis → carretel
  [/ois$/, 'ol'],
  [/uis$/, 'ul'],
  [/ais$/, 'al'],
  [/ns$/, 'm'], // jardins → jardim
  [/res$/, 'r'], // detetores → detetor
  [/zes$/, 'z'],
];

/** The singular of a folded Portuguese word when it has a regular plural ending, else the word. */
export function singular(folded: string): string {
  if (folded.length < 4) return folded;
  for (const [re, to] of PLURAL_RULES) if (re.test(folded)) return folded.replace(re, to);
  if (/[aeiou]s$/.test(folded) && folded.length >= 5) return folded.slice(0, -1);
  return folded;
}

/**
 * The inflections to look for when a word is searched: singular and plural forms, so that stems
 * the Portuguese stemmer does not unify (`sifão`/`sifões` → `sifa`/`sifo`) both match.
 */
export function inflections(folded: string): string[] {
  if (/\d/.test(folded) || folded.length < 3) return [folded];
  const one = singular(folded);
  const out = new Set<string>([folded, one]);
  if (/ao$/.test(one)) {
    out.add(one.replace(/ao$/, 'oes'));
  } else if (/el$/.test(one)) {
    out.add(one.replace(/el$/, 'eis'));
  } else if (/[aou]l$/.test(one)) {
    out.add(one.replace(/l$/, 'is'));
  } else if (/il$/.test(one)) {
    out.add(one.replace(/il$/, 'is'));
  } else if (/m$/.test(one)) {
    out.add(one.replace(/m$/, 'ns'));
  } else if (/[rz]$/.test(one)) {
    out.add(`${one}es`);
  } else if (/[aeiou]$/.test(one)) {
    out.add(`${one}s`);
  }
  return [...out];
}
