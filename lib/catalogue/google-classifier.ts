/**
 * Suggests a Google product category for a family (from its title, its chapter and its products'
 * names) or for one product (from its name, family and chapter). No database and no network:
 * pure functions over the shipped taxonomy (lib/catalogue/google-taxonomy.ts), so the admin
 * screen, the "apply" endpoint, the figures script and the tests all get the same answers.
 *
 * How a name is read:
 * 1. Its words are folded (no accents, lower case, singular: "Sifões" → "sifao"); the range words
 *    ("série Tejo", "linha Pro") are dropped, since a town name is no product.
 * 2. The name is cut at "para": "Kit de fixação para bidé suspenso" is a kit (the head) for a bidé
 *    (the target). The head decides; the target only helps ("… para autoclismo" is a cistern part).
 * 3. Trade rules (TRADE_RULES below: "base de duche" → Bases de duche, "esquentador" → Esquentadores
 *    e termoacumuladores) are tried first, the rule with more words winning, then the rule holding
 *    the name's first word. Failing any rule, the words are matched against the categories' own
 *    Portuguese names and other names.
 *
 * How a family is decided: its title counts as much as 40 % of its products together; every
 * product votes for its category and, through the tree, for each ancestor. The suggestion is the
 * deepest category holding at least 60 % of the votes (a family of toilets, basins and bidets gets
 * "Equipamento sanitário", not "Sanitas"), never a branch as wide as "Ferragens" or "Canalização".
 * Its confidence is that share of the votes, from 0.6 to 1 (at most 0.6 when no product agrees
 * and the title alone decided); `CONFIDENT_AT` and above are applied by "Aplicar as sugestões".
 */
import { googleCategory, googleCategoryLineage, GOOGLE_CATEGORIES, type GoogleCategory } from './google-taxonomy';
import { foldText, words } from './pt-words';

/** Suggestions at or above this confidence are "confident": "Aplicar as sugestões" applies them. */
export const CONFIDENT_AT = 0.75;

/** Share of the votes the suggested category must hold (the rest went to other branches). */
const MAJORITY = 0.6;
/** The family title's weight, as a share of its products' votes. */
const TITLE_WEIGHT = 0.4;
/** The most a suggestion no product agrees with can get (below CONFIDENT_AT: applied by hand only). */
const TITLE_ONLY_CONFIDENCE = 0.6;
/** A category with more subcategories than this says too little to be suggested ("Canalização"). */
const MAX_SUBCATEGORIES = 30;

const SUBCATEGORIES = new Map<number, number>();
for (const c of GOOGLE_CATEGORIES) for (const up of googleCategoryLineage(c.id).slice(1)) SUBCATEGORIES.set(up, (SUBCATEGORIES.get(up) ?? 0) + 1);

/** Narrow enough to suggest: not a top level, not a branch as wide as "Canalização". */
function suggestable(id: number): boolean {
  const c = googleCategory(id);
  return !!c && c.depth > 0 && (SUBCATEGORIES.get(id) ?? 0) <= MAX_SUBCATEGORIES;
}

interface TradeRule {
  /** Words that must be in the name, in this order and side by side (folded, singular). */
  all: string[];
  categoryId: number;
  /** Words one of which must be in the name, its family or its chapter ("piscina"). */
  context?: string[];
  /** A rule for a part that says little alone (a kit, a joint): a target after "para" outranks it. */
  weak?: boolean;
}

/**
 * The trade's words for what the shop sells, as a Portuguese installer or counter clerk writes
 * them. `[phrase, category, context?, weak?]`. Phrases are read like names (accents, plural and
 * small words optional); the longest matching phrase wins.
 */
const TRADE: readonly (readonly [string, number, string?, 'weak'?])[] = [
  // Louça sanitária e casa de banho
  ['louça sanitária', 1673],
  ['sanita', 1921],
  ['placa turca', 1921],
  ['tampa de sanita', 1865],
  ['assento de sanita', 1865],
  ['bidé', 2376],
  ['torneira de bidé', 504634],
  ['misturadora de bidé', 504634],
  ['chuveiro higiénico', 504634],
  ['lavatório', 2886],
  ['lava-mãos', 2886],
  ['urinol', 1746],
  ['fluxómetro', 1746],
  ['banheira', 1636],
  ['pés de banheira', 505368],
  ['painel de banheira', 5508],
  ['base de duche', 4728],
  ['coluna de duche', 2088],
  ['conjunto de duche', 2088],
  ['painel de duche', 2088],
  ['duche', 2206],
  ['chuveiro', 581],
  ['resguardo', 1779],
  ['porta de duche', 1779],
  ['móvel de casa de banho', 2081],
  ['móvel', 2081, 'banho'],
  ['espelho', 595],
  ['armário com espelho', 2418],
  ['acessórios de casa de banho', 574],
  ['porta-toalhas', 586],
  ['porta-rolos', 584],
  ['dispensador de papel higiénico', 584],
  ['porta-escovas', 585],
  ['escovilhão', 583],
  ['saboneteira', 582],
  ['cabide', 2034],
  ['barra de apoio', 8114],
  ['secador de mãos', 5141],
  ['dispensador', 574],
  ['dispensador de sabão', 4971],
  ['dispensador de gel', 4971],
  ['doseador de sabão', 4971],
  ['papeleira', 637],
  ['balde de reciclagem', 4517],
  // Torneiras
  ['torneira', 2032],
  ['misturadora', 2032],
  ['torneira de boia', 1425],
  ['torneira de esquadria', 2466],
  ['torneira de jardim', 4718],
  ['torneira de passagem', 2466],
  ['arejador', 8115],
  ['manípulo', 8116, undefined, 'weak'],
  // Cozinha e lavandaria
  ['lava-louça', 2757],
  ['tanque de lavar roupa', 2757],
  ['triturador de resíduos', 610],
  ['triturador sanitário', 500102],
  ['osmose inversa', 2273],
  ['filtro de água', 2055],
  ['cartucho', 2063],
  ['descalcificador', 1952],
  ['acessórios de lava-louça', 1963],
  ['válvula de escoamento', 2170],
  ['extravasamento', 2170],
  // Tubo e acessórios de ligação
  ['tubo', 2216],
  ['tubo de queda', 121],
  ['tubo', 3568, 'rega'],
  ['tubo', 618, 'aspiração'],
  // Fittings say little alone: "Curva … para aspiração central" is a vacuum part (see PART_OF).
  ['acessório', 2359, undefined, 'weak'],
  ['curva', 2359, undefined, 'weak'],
  ['cotovelo', 2359, undefined, 'weak'],
  ['tê', 2359, undefined, 'weak'],
  ['união', 2359, undefined, 'weak'],
  ['uniões', 2359, undefined, 'weak'],
  ['niple', 2359, undefined, 'weak'],
  ['forquilha', 2359, undefined, 'weak'],
  ['derivação', 2359, undefined, 'weak'],
  ['terminal', 2359, undefined, 'weak'],
  ['ligador', 2359, undefined, 'weak'],
  ['redução', 2710, undefined, 'weak'],
  ['casquilho', 2710, undefined, 'weak'],
  ['adaptador', 2710, undefined, 'weak'],
  ['tampão', 2909, undefined, 'weak'],
  ['coletor', 1810],
  ['caixa de coletor', 1810],
  ['válvula', 2466],
  ['válvula de enchimento', 1425],
  ['válvula termostática', 7110],
  ['válvula termostatizável', 7110],
  ['cabeça termostática', 7110],
  ['detentor', 7110],
  ['redutor de pressão', 2611],
  ['regulador de pressão', 2611],
  ['flexível', 2570],
  ['flexível de gás', 6841],
  ['abraçadeira', 2634, undefined, 'weak'],
  ['junta', 6732, undefined, 'weak'],
  ['manómetro', 1732],
  ['contador', 1640],
  ['caixa de contador', 1640],
  ['pressostato', 1640],
  ['controlador de pressão', 1640],
  // Rega e jardim
  ['programador de rega', 1302],
  ['aspersor', 7561],
  ['difusor', 7561, 'rega'],
  ['pulverizador', 7561, 'rega'],
  ['bocal', 7561, 'rega'],
  ['gota-a-gota', 3568],
  ['gotejador', 3568],
  ['rega', 3568],
  ['mangueira', 2570],
  ['mangueira', 2313, 'jardim rega'],
  ['mangueira de jardim', 2313],
  ['carro porta-mangueira', 2313],
  ['eletroválvula de rega', 3491],
  ['eletroválvula', 3491, 'rega'],
  ['solenoide', 3491, 'rega'],
  ['fontanário', 4718],
  ['tomada de água', 4718],
  ['boca de rega', 4718],
  // Colas, vedantes, soldas, químicos
  ['silicone', 503744],
  ['vedante', 503744, undefined, 'weak'],
  ['fita de teflon', 503744],
  ['fio vedante', 503744],
  ['pasta vedante', 503744],
  ['cola', 503742],
  ['adesivo', 503742],
  ['espuma de poliuretano', 503742],
  ['massa lubrificante', 1753],
  ['lubrificante', 1753],
  ['solda', 1995],
  ['decapante', 1995],
  ['desentupidor', 1749],
  ['mola desentupidora', 1407],
  ['removedor', 2277],
  ['desincrustante', 2277],
  ['desinfetante', 2277],
  ['inibidor de corrosão', 2277],
  ['limpador', 2277],
  ['limpa-juntas', 2277],
  ['limpa-inox', 2277],
  // Drenagem e esgotos
  ['ralo', 504636],
  ['ralo de fundo', 2832, 'piscina'],
  ['caleira', 504636],
  ['caleira de telhado', 121],
  ['caixa sifonada', 504636],
  ['caixa de pavimento', 504636],
  ['grelha', 2851],
  ['tampa de caixa de visita', 2851],
  ['caixa de visita', 504637],
  ['caixa de areias', 504637],
  ['sifão', 1319],
  ['separador de gorduras', 1319],
  ['separador de hidrocarbonetos', 1319],
  ['fossa séptica', 1910],
  ['depósito', 1910],
  ['válvula de admissão de ar', 2466],
  // Autoclismos
  ['autoclismo', 5665],
  ['estrutura suspensa', 499697],
  ['placa de comando', 2817],
  ['mecanismo de descarga', 1425],
  ['boia', 1425],
  ['kit de reparação', 2203],
  ['acessórios de autoclismo', 2691],
  // Ventilação
  ['extrator', 4485],
  ['ventilador', 4485],
  ['conduta', 499874],
  ['grelha de ventilação', 2766],
  ['grelha', 2766, 'ventilação'],
  ['difusor', 2766, 'ventilação'],
  ['chapéu de exaustão', 2766],
  ['terminal de exaustão', 2766],
  ['unidade vmc', 499873],
  ['recuperador de calor', 499873],
  // Águas quentes sanitárias, aquecimento, climatização
  ['esquentador', 621],
  ['termoacumulador', 621],
  ['bomba de calor', 3082],
  ['bomba de calor', 5654, 'piscina'],
  ['caldeira', 3082],
  ['radiador', 2060],
  ['toalheiro', 2060],
  ['coletor solar', 4714],
  ['painel solar', 4714],
  ['kit solar', 4715],
  ['vaso de expansão', 500063],
  ['piso radiante', 499873],
  ['ar condicionado', 605],
  ['interacumulador', 2175],
  ['depósito de inércia', 2175],
  ['termóstato', 1897],
  // Gás
  ['detetor de gás', 1991],
  ['detetor de monóxido de carbono', 2164],
  ['central de deteção de gás', 1991],
  ['garrafa de gás', 502975],
  // Aspiração central
  ['central de aspiração', 619],
  ['aspiração central', 618],
  ['tomada de aspiração', 618, 'central'],
  ['escova', 618, 'aspiração'],
  ['mangueira', 618, 'aspiração'],
  ['pá aspirante', 618],
  // Bombagem
  ['bomba', 500101],
  ['bomba submersível', 500102],
  ['estação elevatória', 500102],
  ['grupo de pressão', 500097],
  ['bomba de poço', 500100],
  ['circulador', 500096],
  ['depósito hidropressor', 1910],
  ['bomba', 500098, 'piscina'],
  ['bomba doseadora', 3017, 'piscina'],
  // Incêndio
  ['extintor', 1434],
  ['carretel de incêndio', 1679],
  ['boca de incêndio', 1679],
  ['sinal', 5892],
  ['sinalética', 5892],
  ['bloco autónomo de emergência', 1436],
  ['iluminação de emergência', 1436],
  ['detetor de fumo', 1471],
  ['detetor ótico', 1471],
  ['detetor térmico', 7227],
  ['central de deteção de incêndio', 7226],
  ['deteção de incêndio', 1871],
  ['sirene', 1871],
  ['botoneira de alarme', 1871],
  ['manta ignífuga', 1639],
  ['armário para extintor', 1639],
  ['sprinkler', 1934],
  // Piscinas
  ['escada de piscina', 6766],
  ['cobertura de piscina', 2994],
  ['trampolim', 2939],
  ['chuveiro de exterior', 2832],
  ['lava-pés', 2832, 'piscina'],
  ['filtro de areia', 2981],
  ['filtro', 2981, 'piscina'],
  ['cloro', 3017],
  ['floculante', 3017],
  ['algicida', 3017],
  ['redutor de ph', 3017],
  ['aumentador de ph', 3017],
  ['tratamento', 3017, 'piscina'],
  ['robô de limpeza', 2997],
  ['aspirador', 2997, 'piscina'],
  ['limpeza', 2997, 'piscina'],
  ['recolhe-folhas', 2755],
  ['escova', 6996, 'piscina'],
  ['projetor', 500003, 'piscina'],
  ['iluminação', 500003, 'piscina'],
  ['skimmer', 2755],
  ['clorador salino', 500042],
  ['eletrólise de sal', 500042],
  ['aquecimento', 5654, 'piscina'],
  ['permutador de calor', 5654, 'piscina'],
];

const TRADE_RULES: readonly TradeRule[] = TRADE.map(([phrase, categoryId, context, weak]) => ({
  all: words(phrase),
  categoryId,
  context: context ? words(context) : undefined,
  weak: weak === 'weak',
}));

/**
 * What a part after "para" belongs to: "Vedante de saída para autoclismo" is a cistern part.
 * Used when the head itself is a weak word (a kit, a joint) or matches nothing.
 */
const PART_OF: readonly (readonly [string, number])[] = [
  ['autoclismo', 2691],
  ['sanita', 2691],
  ['bidé', 2691],
  ['torneira', 1489],
  ['misturadora', 1489],
  ['lava-louça', 1963],
  ['lavatório', 1963],
  ['banheira', 2996],
  ['duche', 2206],
  ['chuveiro', 2206],
  ['esquentador', 2751],
  ['termoacumulador', 2751],
  ['caldeira', 6773],
  ['radiador', 7110],
  ['aspiração central', 618],
  ['piscina', 2832],
  ['bomba', 500096],
  ['extintor', 1639],
  ['secador de mãos', 8016],
  ['conduta', 499874],
];
const PART_RULES = PART_OF.map(([phrase, categoryId]) => ({ all: words(phrase), categoryId }));

/** The range and line words of the demo names and of real ones: "série Tejo", "linha Pro". */
function stripRange(name: string): string {
  return name.replace(/\b(s[ée]rie|linha|gama)\s+\S+(\s+(Pro|Plus|Eco|Premium))?/gi, ' ');
}

/** "Kit de fixação para bidé suspenso" → head "Kit de fixação", target "bidé suspenso". */
function splitHead(name: string): { head: string[]; target: string[] } {
  const text = stripRange(name);
  const at = foldText(text).search(/\s(para|p\/)\s/);
  if (at < 0) return { head: words(text), target: [] };
  return { head: words(text.slice(0, at)), target: words(text.slice(at)) };
}

export interface NameMatch {
  categoryId: number;
  /** The words that decided, as folded words ("base duche"). */
  evidence: string;
  /** 'rule' (a trade rule on the head), 'part' (what it is for), 'words' (taxonomy names). */
  how: 'rule' | 'part' | 'words';
}

/**
 * Where the phrase's words start in `text`, in their order with at most one other word between
 * two of them ("torneira de bidé" in "Torneira monocomando de bidé"), or -1.
 */
function phraseAt(phrase: readonly string[], text: readonly string[]): number {
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== phrase[0]) continue;
    let at = i;
    let ok = true;
    for (let j = 1; j < phrase.length && ok; j++) {
      if (text[at + 1] === phrase[j]) at += 1;
      else if (text[at + 2] === phrase[j]) at += 2;
      else ok = false;
    }
    if (ok) return i;
  }
  return -1;
}

function ruleScore(rule: { all: string[] }, head: readonly string[]): number {
  const at = phraseAt(rule.all, head);
  if (at < 0) return 0;
  // More words first; then the phrase that opens the name ("Tubo e acessórios" is a tube).
  return rule.all.length * 10 + (at === 0 ? 5 : 0);
}

interface WordIndex {
  category: GoogleCategory;
  head: string | undefined;
  own: Set<string>;
  extra: Set<string>;
}
let WORD_INDEX: WordIndex[] | null = null;
function wordIndex(): WordIndex[] {
  WORD_INDEX ??= GOOGLE_CATEGORIES.filter((c) => suggestable(c.id)).map((category) => {
    const own = words(category.name);
    return { category, head: own[0], own: new Set(own), extra: new Set(category.keywords.flatMap((k) => words(k))) };
  });
  return WORD_INDEX;
}

/** Words too general to place a name by themselves ("Peças de encastrar", "Equipamento para …"). */
const GENERIC = new Set(words('acessório peça equipamento material kit conjunto sistema produto suporte tampa caixa unidade ligação componente artigo'));

/** The taxonomy's own names: the category whose name's first word is the name's first word, etc. */
function matchWords(head: readonly string[]): NameMatch | null {
  let best: { entry: WordIndex; score: number } | null = null;
  for (const entry of wordIndex()) {
    let score = 0;
    head.forEach((w, i) => {
      if (GENERIC.has(w)) return;
      const weight = i === 0 ? 2 : 1;
      if (w === entry.head) score += 2 * weight;
      else if (entry.own.has(w)) score += 1.5 * weight;
      else if (entry.extra.has(w)) score += 1 * weight;
    });
    if (score === 0) continue;
    // The share of the category's own words found: "Sanitas" beats "Acessórios de sanita e bidé".
    const found = [...entry.own].filter((w) => head.includes(w)).length;
    score += found / entry.own.size;
    if (!best || score > best.score) best = { entry, score };
  }
  // One word in second place with nothing else is too thin ("de pousar … branca").
  if (!best || best.score < 4) return null;
  return { categoryId: best.entry.category.id, evidence: head.filter((w) => best!.entry.own.has(w) || best!.entry.extra.has(w)).join(' '), how: 'words' };
}

/**
 * The category of one name (a product's, or a family title), or null. `context` holds the
 * family's and chapter's titles: it enables the rules that need one ("bomba" in a pool chapter).
 */
export function classifyName(name: string, context = ''): NameMatch | null {
  const { head, target } = splitHead(name);
  if (head.length === 0) return null;
  const around = new Set([...head, ...target, ...words(context)]);
  let best: { rule: TradeRule; score: number } | null = null;
  for (const rule of TRADE_RULES) {
    if (rule.context && !rule.context.some((w) => around.has(w))) continue;
    let score = ruleScore(rule, head);
    if (score === 0) continue;
    if (rule.context) score += 1; // The same phrase with its context wins over the plain one.
    if (!best || score > best.score) best = { rule, score };
  }
  if (best && !best.rule.weak) return { categoryId: best.rule.categoryId, evidence: best.rule.all.join(' '), how: 'rule' };
  // A weak head (a kit, a joint) or none: what the part is for decides, if it says.
  for (const rule of PART_RULES) if (phraseAt(rule.all, target) >= 0) return { categoryId: rule.categoryId, evidence: `… ${rule.all.join(' ')}`, how: 'part' };
  if (best) return { categoryId: best.rule.categoryId, evidence: best.rule.all.join(' '), how: 'rule' };
  return matchWords(head);
}

export interface FamilyInput {
  title: string;
  chapterTitle?: string;
  productNames?: readonly string[];
}

export interface AutoSuggestion {
  categoryId: number;
  /** Share of the votes the category holds, 0.6 to 1, rounded to 2 decimals. */
  confidence: number;
  /** Why, in words a person reads: the title's match and how many products agree. */
  titleMatch: NameMatch | null;
  productsAgreeing: number;
  productsTotal: number;
}

/** Deepest category holding at least MAJORITY of the weighted votes. */
function decide(votes: Map<number, number>, total: number): { categoryId: number; share: number } | null {
  if (total <= 0) return null;
  const mass = new Map<number, number>();
  for (const [id, weight] of votes) for (const up of googleCategoryLineage(id)) mass.set(up, (mass.get(up) ?? 0) + weight);
  let best: { categoryId: number; share: number; depth: number } | null = null;
  for (const [id, m] of mass) {
    const share = m / total;
    const depth = googleCategory(id)?.depth ?? 0;
    if (share < MAJORITY || !suggestable(id)) continue;
    if (!best || depth > best.depth) best = { categoryId: id, share, depth };
  }
  return best && { categoryId: best.categoryId, share: best.share };
}

/** A family's suggestion from its title, chapter and products' names; null when they disagree. */
export function suggestForFamily(input: FamilyInput): AutoSuggestion | null {
  const chapter = input.chapterTitle ?? '';
  const names = input.productNames ?? [];
  const titleMatch = classifyName(input.title, chapter);
  const votes = new Map<number, number>();
  const matches = names.map((n) => classifyName(n, `${input.title} ${chapter}`));
  for (const m of matches) if (m) votes.set(m.categoryId, (votes.get(m.categoryId) ?? 0) + 1);
  // Products that match nothing still count: a family most of whose products are unknown is no majority.
  const titleWeight = !titleMatch ? 0 : names.length > 0 ? TITLE_WEIGHT * names.length : 1;
  if (titleMatch) votes.set(titleMatch.categoryId, (votes.get(titleMatch.categoryId) ?? 0) + titleWeight);
  const decided = decide(votes, names.length + titleWeight);
  if (!decided) return null;
  const lineageOf = (id: number) => googleCategoryLineage(id);
  const agreeing = matches.filter((m) => m && lineageOf(m.categoryId).includes(decided.categoryId)).length;
  // The title alone is a guess: confident needs products that agree.
  const share = agreeing === 0 ? Math.min(decided.share, TITLE_ONLY_CONFIDENCE) : decided.share;
  return {
    categoryId: decided.categoryId,
    confidence: Math.round(share * 100) / 100,
    titleMatch: titleMatch && lineageOf(titleMatch.categoryId).includes(decided.categoryId) ? titleMatch : null,
    productsAgreeing: agreeing,
    productsTotal: names.length,
  };
}

/** A product's suggestion: its name first, its family's title when the name says nothing. */
export function suggestForProduct(input: { name: string; familyTitle: string; chapterTitle?: string }): AutoSuggestion | null {
  const chapter = input.chapterTitle ?? '';
  const own = classifyName(input.name, `${input.familyTitle} ${chapter}`);
  const family = classifyName(input.familyTitle, chapter);
  const votes = new Map<number, number>();
  if (own) votes.set(own.categoryId, 2);
  if (family) votes.set(family.categoryId, (votes.get(family.categoryId) ?? 0) + 1);
  const decided = decide(votes, (own ? 2 : 0) + (family ? 1 : 0));
  if (!decided) return null;
  const agrees = !!own && googleCategoryLineage(own.categoryId).includes(decided.categoryId);
  const share = agrees ? decided.share : Math.min(decided.share, TITLE_ONLY_CONFIDENCE);
  return { categoryId: decided.categoryId, confidence: Math.round(share * 100) / 100, titleMatch: own, productsAgreeing: agrees ? 1 : 0, productsTotal: 1 };
}
