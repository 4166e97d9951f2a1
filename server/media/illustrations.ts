/**
 * Flat product illustrations used by the generated product / family / campaign
 * art. Every drawing lives in a 200×200 box with the floor at y = GROUND, is
 * horizontally centred on x = 100 and uses 2–3 tones per material.
 *
 * A drawing is chosen from keywords (Portuguese and English) found in a
 * product or family name; see `pickArtKind`.
 */
import 'server-only';

import type { ChapterIconName } from '@/lib/catalogue/chapters';
import { CHAPTER_ICONS } from './icons';
import {
  circle,
  darken,
  ellipse,
  mix,
  n,
  normalizeText,
  path,
  pickFrom,
  rect,
  stroke,
  type Tone,
} from './svg-utils';

export const GROUND = 172;

export type ArtKind =
  | 'faucet'
  | 'shower'
  | 'toilet'
  | 'basin'
  | 'bathtub'
  | 'pipe'
  | 'fitting'
  | 'valve'
  | 'heater'
  | 'radiator'
  | 'pump'
  | 'extinguisher'
  | 'hose'
  | 'hoseReel'
  | 'drain'
  | 'fan'
  | 'poolFilter'
  | 'chemical'
  | 'tank'
  | 'cartridge'
  | 'glue'
  | 'tape'
  | 'gasBottle'
  | 'box';

/* ------------------------------------------------------------------ */
/* Keyword selection                                                   */
/* ------------------------------------------------------------------ */

/** Build a whole-word regex over normalised text (see normalizeText). */
const kw = (words: string): RegExp => new RegExp(` (?:${words}) `);

/** Ordered: the first matching rule wins, so specific phrases come first. */
const RULES: ReadonlyArray<readonly [ArtKind, RegExp]> = [
  ['extinguisher', kw('extintor|extintores|extinguisher|extinguishers')],
  [
    'hoseReel',
    kw('carretel|carreteis|boca de incendio|bocas de incendio|hidrante|hidrantes|hose reel'),
  ],
  ['tape', kw('fita|fitas|teflon|cinta vedante|tape')],
  ['glue', kw('cola|colas|adesivo|adesivos|glue|decapante|primario')],
  [
    'cartridge',
    kw(
      'silicone|silicones|mastique|mastiques|vedante|vedantes|selante|selantes|sealant|acrilico|poliuretano|pasta|caulk',
    ),
  ],
  [
    'heater',
    kw(
      'esquentador|esquentadores|termoacumulador|termoacumuladores|caldeira|caldeiras|cilindro|cilindros|bomba de calor|bombas de calor|boiler|water heater|acumulador|aquecedor|aquecedores|aquecimento de agua',
    ),
  ],
  [
    'gasBottle',
    kw('garrafa de gas|garrafas de gas|garrafa gas|butano|propano|botija|botijas|gas bottle'),
  ],
  [
    'pump',
    kw(
      'bomba|bombas|eletrobomba|electrobomba|motobomba|grupo de pressao|grupos de pressao|hidropressor|circulador|circuladores|pump|pumps',
    ),
  ],
  [
    'fan',
    kw(
      'extrator|extratores|extractor|exaustor|exaustores|ventilador|ventiladores|ventilacao|fan|fans',
    ),
  ],
  [
    'radiator',
    kw(
      'radiador|radiadores|toalheiro|toalheiros|radiator|radiators|emissor|emissores|convetor|towel rail',
    ),
  ],
  [
    'bathtub',
    kw('banheira|banheiras|base de duche|bases de duche|bathtub|hidromassagem|resguardo'),
  ],
  [
    'shower',
    kw(
      'coluna de duche|colunas de duche|coluna duche|conjunto de duche|kit de duche|cabeca de duche|chuveiro de teto|barra de duche|shower column',
    ),
  ],
  ['hose', kw('flexivel|flexiveis|mangueira|mangueiras|bicha|bichas|hose|hoses')],
  [
    'tank',
    kw(
      'autoclismo|autoclismos|cisterna|cisternas|deposito|depositos|reservatorio|reservatorios|tanque|tanques|cistern|tank',
    ),
  ],
  [
    'drain',
    kw(
      'ralo|ralos|sifao|sifoes|caleira|caleiras|grelha|grelhas|drain|drains|valvula de descarga|valvula sifonica|sumidouro|caixa de pavimento|caixa de visita|tampa de visita|trap',
    ),
  ],
  [
    'valve',
    kw(
      'valvula|valvulas|torneira de passagem|torneiras de passagem|torneira de esfera|passagem|seccionamento|retencao|redutor de pressao|antirretorno|purgador|valve|valves',
    ),
  ],
  [
    'faucet',
    kw(
      'torneira|torneiras|misturadora|misturadoras|monocomando|bica|bicas|faucet|faucets|tap|taps|mixer|termostatica',
    ),
  ],
  ['shower', kw('chuveiro|chuveiros|duche|duches|ducha|shower|showers')],
  [
    'toilet',
    kw(
      'sanita|sanitas|bide|bides|urinol|urinois|wc|toilet|toilets|bidet|tampo|tampos|sanitario suspenso',
    ),
  ],
  [
    'basin',
    kw(
      'lavatorio|lavatorios|lava louca|lava loucas|lava loica|lava loicas|lava maos|pia|pias|cuba|cubas|washbasin|sink|sinks|bancada|lavabo|movel|moveis',
    ),
  ],
  [
    'chemical',
    kw(
      'cloro|floculante|floculantes|ph|algicida|algicidas|pastilhas|quimico|quimicos|clarificante|chlorine',
    ),
  ],
  ['poolFilter', kw('piscina|piscinas|filtro|filtros|skimmer|skimmers|pool|areia')],
  [
    'fitting',
    kw(
      'joelho|joelhos|te|tes|tee|tees|uniao|unioes|acessorio|acessorios|curva|curvas|casquilho|casquilhos|reducao|reducoes|manguito|manguitos|fitting|fittings|elbow|ligador|ligadores|racor|racores|adaptador|adaptadores|tampao|tampoes|niple|niples|bucha|buchas|derivacao|cotovelo',
    ),
  ],
  ['pipe', kw('tubo|tubos|tubagem|tubagens|pipe|pipes|multicamada|pex|ppr|pead|cano|canos')],
  ['box', kw('kit|kits|conjunto|conjuntos|caixa|caixas|pack|packs|embalagem|box|set|sortido')],
];

/** Pick the illustration for a product/family name, or null when nothing matches. */
export function pickArtKind(text: string): ArtKind | null {
  const t = normalizeText(text);
  for (const [kind, re] of RULES) if (re.test(t)) return kind;
  return null;
}

/* ------------------------------------------------------------------ */
/* Materials                                                           */
/* ------------------------------------------------------------------ */

const T = (b: string, l: string, d: string): Tone => ({ b, l, d });

export const MAT = {
  chrome: T('#cdd5de', '#f3f6f9', '#98a4b2'),
  steel: T('#b4bcc6', '#dde2e8', '#858f9b'),
  graphite: T('#454c57', '#6b7380', '#2c323a'),
  gold: T('#d8b26a', '#f0d79f', '#ad8744'),
  brass: T('#d4a33f', '#edc872', '#a7792a'),
  copper: T('#c7773f', '#e49d67', '#98562b'),
  white: T('#fbfcfd', '#ffffff', '#d7dee6'),
  pvc: T('#939daa', '#b9c1ca', '#6e7884'),
  orange: T('#e27b36', '#f4a065', '#b65d22'),
  red: T('#d8343b', '#f0636a', '#a5232a'),
  blue: T('#2f6fd6', '#5f95ec', '#21509f'),
  green: T('#2f9a63', '#5cbd8a', '#21714a'),
  teal: T('#1595a0', '#4bbcc5', '#0e6d75'),
  yellow: T('#f1b72c', '#f8d06b', '#c58f13'),
  sand: T('#d8c49c', '#ebdcbd', '#b49f75'),
  wood: T('#c99c6d', '#ddb88f', '#a27650'),
  card: T('#d7ad72', '#ead0a2', '#b88b51'),
} as const;

const WATER = '#8fcff5';
const INK = '#2c323a';

export interface DrawCtx {
  /** Seeded random source, consumed in a fixed order ⇒ deterministic output. */
  rnd: () => number;
  /** Theme accent as a tone. */
  accent: Tone;
  /** Background colour behind the object (used for "holes"). */
  bg: string;
  /** Normalised source text (for keyword-driven sub-variants). */
  text: string;
  /** Unique id prefix for gradients this drawing registers in `defs`. */
  idp: string;
  /** Collected <defs> children (gradients), emitted by the caller. */
  defs: string[];
}

/** Create a drawing context. */
export function makeCtx(o: {
  rnd: () => number;
  accent: Tone;
  bg: string;
  text: string;
  idp: string;
}): DrawCtx {
  return { ...o, defs: [] };
}

/**
 * Hard-edged horizontal two-tone fill (base on the left, shade on the right):
 * flat-design shading that follows any outline (domes, bottles…).
 */
function flat(c: DrawCtx, t: Tone, at = 0.74): string {
  const key = `<stop offset="${at}" stop-color="${t.b}"/><stop offset="${at}" stop-color="${t.d}"/>`;
  let i = c.defs.findIndex((d) => d.includes(key));
  if (i < 0) {
    i = c.defs.length;
    c.defs.push(`<linearGradient id="${c.idp}${i}">${key}</linearGradient>`);
  }
  return `url(#${c.idp}${i})`;
}

export interface Drawing {
  body: string;
  /** Half-width of the floor shadow, in box units (0 = no shadow). */
  shadow: number;
}

type Painter = (c: DrawCtx) => Drawing;

const has = (c: DrawCtx, words: string): boolean => kw(words).test(c.text);
const pick = <T>(c: DrawCtx, list: readonly [T, ...T[]]): T => pickFrom(list, c.rnd());
const range = (c: DrawCtx, a: number, b: number): number => a + (b - a) * c.rnd();

/** Shaded vertical body: dark full shape then a narrower base layer and a highlight. */
function column(x: number, y: number, w: number, h: number, rx: number, t: Tone): string {
  return (
    rect(x, y, w, h, rx, t.d) +
    rect(x, y, w * 0.74, h, rx, t.b) +
    rect(
      x + w * 0.14,
      y + Math.min(rx, h * 0.2) + 2,
      Math.max(2, w * 0.09),
      Math.max(0, h - 2 * Math.min(rx, h * 0.2) - 4),
      w * 0.05,
      t.l,
      'opacity=".85"',
    )
  );
}

/** A tube drawn as a stroked path with a centre highlight. */
function tube(d: string, t: Tone, w: number, caps = true): string {
  const lc = caps ? '' : 'stroke-linecap="butt"';
  return (
    stroke(d, t.d, w + 3, lc) +
    stroke(d, t.b, w, lc) +
    stroke(d, t.l, Math.max(1.5, w * 0.22), `${lc} opacity=".9"`)
  );
}

/** Path of a bottle with a round dome and a flat, slightly rounded bottom. */
function bottlePath(x: number, top: number, w: number, bottom: number, r = 6): string {
  const R = w / 2;
  return `M${n(x)} ${n(top + R)}A${n(R)} ${n(R)} 0 0 1 ${n(x + w)} ${n(top + R)}V${n(bottom - r)}Q${n(x + w)} ${n(bottom)} ${n(x + w - r)} ${n(bottom)}H${n(x + r)}Q${n(x)} ${n(bottom)} ${n(x)} ${n(bottom - r)}Z`;
}

/* ------------------------------------------------------------------ */
/* Drawings                                                            */
/* ------------------------------------------------------------------ */

const faucet: Painter = (c) => {
  const m = pick(c, [MAT.chrome, MAT.chrome, MAT.graphite, MAT.gold, MAT.steel] as const);
  const tall = c.rnd() < 0.5;
  const bw = range(c, 34, 42);
  const h = tall ? range(c, 86, 100) : range(c, 76, 92);
  const top = GROUND - 4 - h;
  const x = 100 - bw / 2;
  let s = ellipse(100, GROUND - 3, bw * 0.95, 5, m.d) + column(x, top, bw, h, bw / 2.6, m);
  let ax: number;
  let ay: number;
  if (tall) {
    const L = range(c, 54, 66);
    const hy = top - range(c, 30, 42);
    s += tube(
      `M100 ${n(top + 6)}V${n(hy + 18)}Q100 ${n(hy)} ${n(100 + L / 2)} ${n(hy)}Q${n(100 + L)} ${n(hy)} ${n(100 + L)} ${n(hy + 18)}V${n(hy + 24)}`,
      m,
      12,
    );
    ax = 100 + L;
    ay = hy + 26;
    s += rect(ax - 8, ay - 4, 16, 8, 2, m.d);
    s += tube(
      `M${n(100 + bw / 2 - 2)} ${n(top + 24)}L${n(100 + bw / 2 + 20)} ${n(top + 14)}`,
      m,
      7,
    );
  } else {
    const L = range(c, 46, 60);
    s += rect(100, top + 14, bw / 2 + L, 16, 8, m.d) + rect(100, top + 14, bw / 2 + L, 12, 6, m.b);
    s += rect(104, top + 16.5, bw / 2 + L - 14, 3, 1.5, m.l);
    ax = 100 + bw / 2 + L - 8;
    ay = top + 33;
    s += rect(ax - 7, ay - 4, 14, 7, 2, m.d);
    s += ellipse(100, top + 1, bw / 2, 5, m.d);
    s += tube(`M100 ${n(top - 2)}L${n(100 - 36)} ${n(top - 22)}`, m, 9);
  }
  s += rect(ax - 3, ay + 3, 6, Math.max(6, GROUND - 12 - ay), 3, WATER, 'opacity=".75"');
  return { body: s, shadow: 58 };
};

const shower: Painter = (c) => {
  const m = pick(c, [MAT.chrome, MAT.chrome, MAT.graphite, MAT.gold] as const);
  const square = c.rnd() < 0.5;
  const hx = range(c, 126, 138);
  const hw = range(c, 28, 34);
  let s = column(56, 34, 11, 136, 5, m) + rect(50, GROUND - 6, 23, 6, 3, m.d);
  s += tube(`M61 40H${n(hx)}`, m, 7);
  s += square
    ? rect(hx - hw, 42, hw * 2, 9, 2, m.d) + rect(hx - hw, 40, hw * 2, 7, 2, m.b)
    : ellipse(hx, 46, hw, 7, m.d) + ellipse(hx, 44, hw, 6, m.b);
  for (let i = 0; i < 6; i++) {
    const x0 = hx - hw * 0.75 + (i * hw * 1.5) / 5;
    s += stroke(
      `M${n(x0)} 56L${n(x0 + (x0 - hx) * 0.25)} 108`,
      WATER,
      2.5,
      'stroke-dasharray="7 6" opacity=".9"',
    );
  }
  // hand shower + hose
  s += stroke('M74 146C74 176 104 170 98 136C95 120 90 112 88 104', m.d, 4.5);
  s += `<g transform="rotate(-14 86 86)">${rect(82, 70, 9, 36, 4.5, m.b)}${ellipse(86.5, 68, 9, 5, m.d)}</g>`;
  s += rect(66, 94, 10, 8, 2, m.d);
  // thermostatic mixer on the column
  s +=
    rect(44, 122, 40, 22, 10, m.d) +
    rect(44, 122, 40, 18, 9, m.b) +
    circle(44, 133, 9, m.d) +
    circle(44, 133, 5.5, m.l);
  s += circle(84, 133, 6, c.accent.b);
  return { body: s, shadow: 56 };
};

const toilet: Painter = (c) => {
  const w = MAT.white;
  const front = range(c, 44, 54);
  const cisternH = range(c, 52, 66);
  const btn = pick(c, [MAT.chrome, MAT.chrome, c.accent] as const);
  const bowl = `M${n(front)} 104H146V112C146 132 134 144 122 148L126 ${GROUND}H86L90 150C${n(front + 12)} 146 ${n(front)} 130 ${n(front)} 110Z`;
  let s = '';
  const bidet = has(c, 'bide|bides|bidet');
  if (!bidet) {
    s +=
      rect(118, 104 - cisternH, 38, cisternH + 4, 7, w.d) +
      rect(118, 104 - cisternH, 30, cisternH + 4, 7, w.b);
    s += rect(115, 100 - cisternH, 44, 8, 4, w.d);
    s += rect(130, 95 - cisternH, 18, 6, 2.5, btn.d) + rect(130, 95 - cisternH, 9, 6, 2.5, btn.b);
  } else {
    s +=
      rect(126, 74, 9, 24, 4.5, MAT.chrome.b) +
      tube('M130.5 78Q130.5 70 122 70H112', MAT.chrome, 5) +
      tube('M130.5 76L140 68', MAT.chrome, 4);
  }
  s += path(bowl, w.b, `stroke="${w.d}" stroke-width="1.5"`);
  s += path(`M122 148L126 ${GROUND}H110L108 150Z`, w.d);
  s += path(
    `M${n(front + 6)} 112C${n(front + 10)} 128 ${n(front + 22)} 140 92 144`,
    'none',
    `stroke="${w.d}" stroke-width="3" stroke-linecap="round"`,
  );
  s += bidet
    ? rect(front - 2, 98, 150 - front, 8, 4, w.d)
    : rect(front - 4, 96, 152 - front, 9, 4.5, w.d) +
      rect(front - 2, 94, 148 - front, 6, 3, '#ffffff');
  return { body: s, shadow: 60 };
};

const basin: Painter = (c) => {
  const w = MAT.white;
  const cab = pick(c, [MAT.wood, c.accent, MAT.graphite, MAT.white, MAT.sand] as const);
  const m = pick(c, [MAT.chrome, MAT.graphite, MAT.gold] as const);
  const round = c.rnd() < 0.55;
  let s = rect(36, 120, 128, 46, 5, cab.d) + rect(36, 120, 128, 42, 5, cab.b);
  s +=
    rect(40, 141, 120, 2, 1, cab.d) +
    rect(86, 128, 28, 4, 2, cab.d) +
    rect(86, 150, 28, 4, 2, cab.d);
  s += rect(44, 162, 10, GROUND - 162, 2, cab.d) + rect(146, 162, 10, GROUND - 162, 2, cab.d);
  s += rect(30, 112, 140, 10, 3, w.d) + rect(30, 112, 140, 7, 3, w.b);
  if (round) {
    s += path(
      'M52 90Q53 112 80 112H120Q147 112 148 90Z',
      w.b,
      `stroke="${w.d}" stroke-width="1.5"`,
    );
    s += ellipse(100, 90, 48, 9, w.d) + ellipse(100, 90, 43, 6.5, mix(w.d, '#9aa8b8', 0.4));
  } else {
    s +=
      rect(54, 88, 92, 24, 7, w.b, `stroke="${w.d}" stroke-width="1.5"`) +
      rect(60, 88, 80, 6, 3, mix(w.d, '#9aa8b8', 0.4));
  }
  s += rect(152, 68, 7, 44, 3.5, m.b) + rect(156, 68, 3, 44, 1.5, m.d);
  s += tube('M155.5 72Q155.5 60 144 60H124', m, 5) + rect(120, 60, 6, 7, 1.5, m.d);
  s += tube('M155.5 68L164 58', m, 4);
  return { body: s, shadow: 74 };
};

const bathtub: Painter = (c) => {
  const w = MAT.white;
  const m = pick(c, [MAT.chrome, MAT.graphite, MAT.gold] as const);
  const depth = range(c, 46, 58);
  const bot = 94 + depth;
  let s = path(
    `M32 96H168L164 108C160 ${n(bot - 8)} 140 ${n(bot)} 114 ${n(bot)}H86C60 ${n(bot)} 40 ${n(bot - 8)} 36 108Z`,
    w.b,
    `stroke="${w.d}" stroke-width="1.5"`,
  );
  s += path(
    `M150 104C146 ${n(bot - 14)} 132 ${n(bot - 4)} 114 ${n(bot - 4)}H108C128 ${n(bot - 10)} 140 ${n(bot - 24)} 142 104Z`,
    w.d,
    'opacity=".8"',
  );
  s += rect(26, 90, 148, 9, 4.5, w.d) + rect(28, 88, 144, 6, 3, '#ffffff');
  s +=
    tube(`M60 ${n(bot - 4)}L54 ${GROUND - 2}`, m, 6) +
    tube(`M140 ${n(bot - 4)}L146 ${GROUND - 2}`, m, 6);
  s += tube('M42 88V60Q42 52 52 52H60', m, 6) + tube('M42 72H32', m, 4);
  s += ellipse(110, 82, 16, 5, WATER, 'opacity=".7"');
  return { body: s, shadow: 72 };
};

const pipe: Painter = (c) => {
  const kind = pick(c, ['pvc', 'white', 'orange', 'copper', 'pex', 'pvc', 'multi'] as const);
  const tones: Tone[] =
    kind === 'pex'
      ? [MAT.red, MAT.blue, MAT.red]
      : kind === 'white'
        ? [MAT.white, MAT.white, MAT.white]
        : kind === 'orange'
          ? [MAT.orange, MAT.orange, MAT.orange]
          : kind === 'copper'
            ? [MAT.copper, MAT.copper, MAT.copper]
            : kind === 'multi'
              ? [MAT.white, MAT.pvc, MAT.white]
              : [MAT.pvc, MAT.pvc, MAT.pvc];
  const r = range(c, 10, 14);
  const tilt = range(c, -24, -14);
  const inner =
    kind === 'copper' || kind === 'pex' ? r * 0.78 : kind === 'multi' ? r * 0.68 : r * 0.72;
  let s = '';
  for (let i = 0; i < 3; i++) {
    const t = tones[i] ?? MAT.pvc;
    const y = 90 + i * (2 * r + 7);
    const x0 = 26 + i * 12;
    const len = 144 - i * 6 - c.rnd() * 14;
    s +=
      rect(x0, y - r, len, 2 * r, 0, t.d) +
      rect(x0, y - r, len, r * 1.45, 0, t.b) +
      rect(x0, y - r * 0.62, len, r * 0.32, 0, t.l);
    s += ellipse(x0 + len, y, r * 0.42, r, t.d);
    s += rect(x0 + len * 0.35, y + r * 0.05, len * 0.32, 2, 1, t.d, 'opacity=".55"');
    s += ellipse(x0, y, r * 0.42, r, mix(t.l, '#ffffff', 0.3), `stroke="${t.d}" stroke-width="1"`);
    s += ellipse(x0, y, r * 0.42 * (inner / r), inner, darken(t.d, 0.35));
  }
  return { body: `<g transform="rotate(${n(tilt)} 100 110)">${s}</g>`, shadow: 72 };
};

const fitting: Painter = (c) => {
  const m = pick(c, [MAT.brass, MAT.brass, MAT.chrome, MAT.pvc, MAT.white, MAT.copper] as const);
  const type = has(c, 'te|tes|tee|tees|derivacao')
    ? 'tee'
    : has(c, 'uniao|unioes|union|racor|ligador')
      ? 'union'
      : has(c, 'joelho|joelhos|curva|curvas|cotovelo|elbow')
        ? 'elbow'
        : pick(c, ['elbow', 'tee', 'union'] as const);
  const sock = (x: number, y: number, w: number, h: number): string =>
    rect(x, y, w, h, 4, m.d) +
    rect(x + 1.5, y + 1.5, w - 3, h - 3, 3, m.b) +
    rect(x + 4, y + 4, w * 0.18, h - 8, 2, m.l, 'opacity=".9"');
  let s = '';
  if (type === 'elbow') {
    s += tube('M68 150V114Q68 80 102 80H138', m, 30, false);
    s += sock(48, 138, 40, 34) + sock(134, 60, 34, 40);
  } else if (type === 'tee') {
    s += tube('M42 130H158', m, 30, false) + tube('M100 120V72', m, 30, false);
    s += sock(24, 110, 34, 40) + sock(142, 110, 34, 40) + sock(80, 50, 40, 32);
  } else {
    s += tube('M34 118H166', m, 26, false);
    s += sock(22, 98, 30, 40) + sock(148, 98, 30, 40);
    s += rect(70, 88, 60, 60, 8, m.d) + rect(72, 90, 56, 56, 7, m.b);
    for (const x of [84, 100, 116]) s += rect(x - 1.5, 90, 3, 56, 1, m.d, 'opacity=".6"');
    s += rect(76, 94, 6, 48, 3, m.l, 'opacity=".8"');
  }
  return { body: s, shadow: 62 };
};

const valve: Painter = (c) => {
  const m = pick(c, [MAT.brass, MAT.brass, MAT.chrome, MAT.copper] as const);
  const hc = pick(c, [MAT.red, MAT.blue, MAT.yellow, c.accent, MAT.red] as const);
  const butterfly = c.rnd() < 0.4;
  const nut = (x: number): string =>
    rect(x, 106, 30, 40, 4, m.d) +
    rect(x + 2, 108, 26, 36, 3, m.b) +
    rect(x + 9, 108, 2, 36, 1, m.d, 'opacity=".6"') +
    rect(x + 19, 108, 2, 36, 1, m.d, 'opacity=".6"');
  let s = nut(24) + nut(146);
  s +=
    rect(50, 96, 100, 58, 18, m.d) +
    rect(50, 96, 100, 50, 18, m.b) +
    rect(64, 102, 72, 6, 3, m.l, 'opacity=".9"');
  s += rect(93, 76, 14, 22, 3, m.d);
  if (butterfly) {
    s += path('M100 74L58 60Q48 74 58 88Z', hc.d) + path('M100 74L142 60Q152 74 142 88Z', hc.d);
    s += path('M100 72L60 61Q52 72 60 84Z', hc.b) + path('M100 72L140 61Q148 72 140 84Z', hc.b);
  } else {
    s +=
      rect(82, 64, 96, 18, 9, hc.d) +
      rect(82, 64, 96, 14, 7, hc.b) +
      rect(92, 67, 70, 3, 1.5, hc.l);
  }
  s += circle(100, 72, 8, m.d) + circle(100, 72, 4, m.l);
  return { body: s, shadow: 76 };
};

const heater: Painter = (c) => {
  const w = MAT.white;
  const g = MAT.graphite;
  const pipes = (xs: number[], top: number): string =>
    xs
      .map(
        (x, i) =>
          rect(x - 4, top, 8, GROUND - top, 2, MAT.chrome.b) +
          rect(x - 5, top + 4, 10, 4, 2, i === 0 ? MAT.blue.b : MAT.red.b),
      )
      .join('');
  const gas = has(c, 'esquentador|esquentadores|caldeira|caldeiras|gas')
    ? true
    : has(c, 'termoacumulador|termoacumuladores|cilindro|cilindros|eletrico|bomba de calor')
      ? false
      : c.rnd() < 0.5;
  let s = '';
  if (gas) {
    const h = range(c, 118, 132);
    const top = GROUND - 12 - h;
    s += rect(90, top - 12, 20, 14, 3, MAT.chrome.d);
    s +=
      column(54, top, 92, h, 12, w) +
      rect(54, top, 92, h, 12, 'none', `stroke="${w.d}" stroke-width="1.5"`);
    s += circle(100, top + 38, 17, g.b);
    s += path(
      `M100 ${n(top + 24)}C107 ${n(top + 32)} 112 ${n(top + 37)} 108 ${n(top + 46)}C105 ${n(top + 52)} 95 ${n(top + 52)} 92 ${n(top + 46)}C89 ${n(top + 38)} 96 ${n(top + 33)} 100 ${n(top + 24)}Z`,
      '#f59e0b',
    );
    s += path(
      `M100 ${n(top + 34)}C104 ${n(top + 39)} 106 ${n(top + 43)} 103 ${n(top + 47)}C101 ${n(top + 49)} 98 ${n(top + 49)} 97 ${n(top + 47)}C95 ${n(top + 43)} 98 ${n(top + 40)} 100 ${n(top + 34)}Z`,
      '#fde68a',
    );
    s +=
      rect(68, top + h - 46, 64, 30, 8, g.b) +
      rect(76, top + h - 38, 26, 14, 3, c.accent.l) +
      circle(114, top + h - 31, 5, g.l) +
      circle(114, top + h - 31, 2, '#ffffff');
    s += pipes([78, 100, 122], top + h);
  } else {
    const h = range(c, 128, 144);
    const bw = range(c, 76, 86);
    const top = GROUND - 12 - h;
    const x = 100 - bw / 2;
    s += rect(x, top, bw, h, bw / 2, flat(c, w), `stroke="${w.d}" stroke-width="1.5"`);
    s += rect(x + bw * 0.14, top + bw / 2, bw * 0.08, h - bw, bw * 0.04, '#ffffff');
    s += rect(x, top + bw / 2 + 8, bw, 7, 0, c.accent.b);
    s +=
      circle(100, top + h - 40, 15, w.d) +
      circle(100, top + h - 40, 11, '#ffffff') +
      stroke(`M100 ${n(top + h - 40)}L106 ${n(top + h - 47)}`, c.accent.d, 2.5);
    s += circle(100, top + h - 64, 3, '#22c55e');
    s += pipes([88, 112], top + h);
  }
  return { body: s, shadow: 52 };
};

const radiator: Painter = (c) => {
  const m = pick(c, [MAT.white, MAT.white, MAT.graphite, MAT.chrome, c.accent] as const);
  let s = '';
  if (has(c, 'toalheiro|toalheiros|towel rail')) {
    const span = range(c, 70, 90);
    const xl = 100 - span / 2;
    s += column(xl - 6, 22, 12, 146, 6, m) + column(100 + span / 2 - 6, 22, 12, 146, 6, m);
    for (let y = 38; y < 160; y += 14)
      s += rect(xl + 4, y, span - 8, 6, 3, m.d) + rect(xl + 4, y, span - 8, 4, 2, m.b);
    return { body: s, shadow: span / 2 + 14 };
  }
  const cols = 5 + Math.floor(c.rnd() * 4);
  const h = range(c, 104, 124);
  const top = GROUND - 12 - h;
  const span = Math.min(140, cols * 19);
  const x0 = 100 - span / 2;
  const cw = span / cols - 3;
  s +=
    rect(x0 - 4, top + 12, span + 6, 10, 5, m.d) + rect(x0 - 4, top + h - 22, span + 6, 10, 5, m.d);
  for (let i = 0; i < cols; i++) s += column(x0 + i * (cw + 3), top, cw, h, cw / 2, m);
  s += rect(x0 + 4, top + h, 10, 12, 2, m.d) + rect(x0 + span - 16, top + h, 10, 12, 2, m.d);
  s +=
    rect(x0 - 18, top + h - 20, 16, 8, 3, MAT.chrome.d) +
    rect(x0 - 16, top + h - 34, 10, 16, 4, MAT.chrome.b);
  return { body: s, shadow: span / 2 + 16 };
};

const pump: Painter = (c) => {
  const col = pick(c, [MAT.blue, c.accent, MAT.green, MAT.blue, MAT.red, MAT.graphite] as const);
  const head = pick(c, [MAT.steel, col, MAT.chrome] as const);
  const ml = range(c, 74, 90);
  let s =
    rect(30, GROUND - 12, 144, 12, 3, MAT.graphite.b) +
    rect(30, GROUND - 12, 144, 4, 2, MAT.graphite.l);
  s += rect(84, 86, ml, 70, 14, col.d) + rect(84, 86, ml, 60, 14, col.b);
  for (let x = 98; x < 84 + ml - 12; x += 11) s += rect(x, 94, 4, 52, 2, col.d, 'opacity=".55"');
  s += rect(80 + ml, 94, 14, 54, 6, col.d);
  s += rect(104, 70, 34, 18, 4, col.d) + rect(104, 70, 34, 13, 4, col.b);
  s += rect(90, 100, 16, 42, 4, MAT.graphite.b);
  s +=
    circle(64, 118, 36, head.d) +
    circle(62, 116, 33, head.b) +
    circle(62, 116, 12, head.d) +
    circle(60, 114, 5, head.l);
  s += rect(18, 104, 22, 24, 3, head.b) + rect(14, 100, 8, 32, 2, head.d);
  s += rect(50, 66, 24, 22, 3, head.b) + rect(46, 62, 32, 8, 2, head.d);
  return { body: s, shadow: 78 };
};

const extinguisher: Painter = (c) => {
  const red = MAT.red;
  const co2 = has(c, 'co2|co 2|dioxido')
    ? true
    : has(c, 'po|abc|agua|espuma')
      ? false
      : c.rnd() < 0.3;
  const w = range(c, 50, 58);
  const H = range(c, 100, 118);
  const x = 100 - w / 2;
  const top = GROUND - H;
  let s = path(bottlePath(x, top, w, GROUND), flat(c, red));
  s += rect(
    x + w * 0.12,
    top + w * 0.45,
    w * 0.1,
    H - w * 0.45 - 12,
    w * 0.05,
    red.l,
    'opacity=".8"',
  );
  const ly = top + H * 0.4;
  s +=
    rect(x + w * 0.16, ly, w * 0.68, H * 0.36, 4, '#ffffff') +
    rect(x + w * 0.24, ly + 7, w * 0.52, 6, 3, red.b);
  s +=
    rect(x + w * 0.24, ly + 18, w * 0.4, 3, 1.5, '#9aa5b1') +
    rect(x + w * 0.24, ly + 25, w * 0.48, 3, 1.5, '#9aa5b1');
  s += rect(92, top - 10, 16, 13, 2, MAT.graphite.b);
  s += path(`M88 ${n(top - 9)}H116L120 ${n(top - 22)}H92Z`, MAT.chrome.b);
  s +=
    tube(`M94 ${n(top - 24)}L134 ${n(top - 36)}`, MAT.chrome, 5) +
    tube(`M98 ${n(top - 14)}L132 ${n(top - 18)}`, MAT.graphite, 4);
  s +=
    circle(84, top - 20, 8, MAT.chrome.d) +
    circle(84, top - 20, 5.5, '#ffffff') +
    stroke(`M84 ${n(top - 20)}L87 ${n(top - 23)}`, '#16a34a', 1.5);
  const hx = x + w + 12;
  s += stroke(
    `M116 ${n(top - 14)}C${n(hx + 8)} ${n(top - 10)} ${n(hx + 6)} ${n(top + 30)} ${n(hx)} ${n(top + 58)}`,
    INK,
    6,
  );
  s += co2
    ? path(
        `M${n(hx - 4)} ${n(top + 56)}H${n(hx + 4)}L${n(hx + 12)} ${n(top + 92)}H${n(hx - 12)}Z`,
        INK,
      )
    : rect(hx - 5, top + 56, 10, 18, 3, INK);
  return { body: s, shadow: 44 };
};

const hose: Painter = (c) => {
  if (has(c, 'mangueira|mangueiras|rega|jardim|garden')) {
    const col = pick(c, [MAT.green, MAT.yellow, MAT.orange, c.accent, MAT.blue] as const);
    let s = '';
    for (let i = 0; i < 4; i++) {
      const rx = 58 - i * 10;
      s +=
        ellipse(100, 108, rx, rx * 0.92, 'none', `stroke="${col.d}" stroke-width="11"`) +
        ellipse(100, 108, rx, rx * 0.92, 'none', `stroke="${col.b}" stroke-width="8"`);
    }
    s += ellipse(
      100,
      108,
      58,
      53,
      'none',
      `stroke="${col.l}" stroke-width="2" stroke-dasharray="20 14"`,
    );
    s +=
      stroke(`M46 128C40 160 70 ${GROUND - 6} 112 ${GROUND - 6}H146`, col.d, 11) +
      stroke(`M46 128C40 160 70 ${GROUND - 6} 112 ${GROUND - 6}H146`, col.b, 8);
    s +=
      rect(142, GROUND - 14, 24, 16, 5, MAT.graphite.b) +
      rect(164, GROUND - 11, 12, 10, 3, MAT.graphite.l);
    return { body: s, shadow: 70 };
  }
  const m = MAT.chrome;
  const nut = pick(c, [MAT.chrome, MAT.brass] as const);
  const k = range(c, 60, 90);
  const d = `M48 146C48 ${n(146 - k)} 152 ${n(64 + k)} 152 64`;
  let s =
    stroke(d, m.d, 15) +
    stroke(d, m.b, 11) +
    stroke(d, m.d, 11, 'stroke-dasharray="1.5 3" opacity=".55"') +
    stroke(d, m.l, 2.5, 'opacity=".8"');
  s +=
    rect(38, 146, 20, 22, 3, nut.d) +
    rect(40, 148, 16, 18, 2, nut.b) +
    rect(44, 148, 2, 18, 1, nut.d, 'opacity=".6"');
  s +=
    rect(143, 40, 18, 24, 3, nut.d) +
    rect(145, 42, 14, 20, 2, nut.b) +
    rect(147, 28, 10, 14, 2, nut.d);
  for (let y = 30; y < 42; y += 3.5) s += rect(146, y, 12, 1.5, 0.7, nut.l);
  return { body: s, shadow: 64 };
};

const hoseReel: Painter = (c) => {
  const red = MAT.red;
  const cab = c.rnd() < 0.5;
  let s = '';
  if (cab) s += rect(30, 26, 140, 140, 10, red.d) + rect(34, 30, 132, 132, 8, '#f3f4f6');
  s += rect(92, 100, 16, GROUND - 100, 3, MAT.graphite.b);
  s += circle(100, 96, 58, red.d) + circle(100, 96, 54, red.b);
  for (const r of [46, 38, 30])
    s +=
      circle(100, 96, r, 'none', `stroke="${red.d}" stroke-width="7"`) +
      circle(100, 96, r, 'none', `stroke="${red.l}" stroke-width="2" opacity=".7"`);
  s += circle(100, 96, 16, MAT.chrome.d) + circle(100, 96, 11, MAT.chrome.b);
  s += tube('M140 126C150 140 150 152 144 162', red, 7) + rect(138, 158, 12, 16, 3, INK);
  return { body: s, shadow: cab ? 72 : 60 };
};

const drain: Painter = (c) => {
  const m = pick(c, [MAT.chrome, MAT.steel, MAT.white, MAT.graphite] as const);
  if (has(c, 'sifao|sifoes|trap|sifonica')) {
    let s = column(54, 24, 14, 66, 3, m) + rect(50, 84, 22, 10, 3, m.d);
    s +=
      rect(72, 100, 80, 14, 0, m.d) +
      rect(72, 100, 80, 10, 0, m.b) +
      rect(72, 102, 80, 2.5, 1, m.l);
    s += column(44, 92, 34, 70, 12, m) + rect(46, 158, 30, 10, 4, m.d);
    s += rect(150, 88, 10, 38, 4, m.d) + ellipse(160, 107, 4, 18, m.b);
    return { body: s, shadow: 56 };
  }
  const holes = c.rnd() < 0.4;
  const long = has(c, 'caleira|caleiras|linear');
  const w = long ? 150 : 116;
  const x = 100 - w / 2;
  let s =
    rect(x, 86, w, 76, 14, darken(m.d, 0.1)) +
    rect(x, 78, w, 76, 14, m.b, `stroke="${m.d}" stroke-width="1.5"`);
  s += rect(x + 10, 86, w - 20, 60, 8, m.d);
  if (holes) {
    for (let r = 0; r < 4; r++)
      for (let k = 0; k < (long ? 9 : 6); k++)
        s += ellipse(
          x + 22 + k * ((w - 44) / (long ? 8 : 5)),
          98 + r * 12,
          4.2,
          3,
          darken(m.d, 0.35),
        );
  } else {
    for (let r = 0; r < 5; r++) s += rect(x + 18, 93 + r * 10, w - 36, 4.5, 2.2, darken(m.d, 0.35));
  }
  s += rect(x + 4, 82, w - 8, 3, 1.5, m.l);
  return { body: s, shadow: w / 2 + 4 };
};

const fan: Painter = (c) => {
  const w = pick(c, [MAT.white, MAT.white, MAT.graphite, MAT.chrome] as const);
  const blade = pick(c, [c.accent, MAT.pvc, MAT.steel] as const);
  const blades = 3 + Math.floor(c.rnd() * 3);
  const rot = Math.floor(c.rnd() * 360);
  const rings = c.rnd() < 0.5;
  let s =
    rect(38, 38, 124, 128, 24, w.d) +
    rect(38, 34, 124, 124, 24, w.b, `stroke="${w.d}" stroke-width="1.5"`);
  s += circle(100, 96, 48, w.d) + circle(100, 96, 44, mix(w.d, '#eef2f6', 0.5));
  let b = '';
  for (let i = 0; i < blades; i++)
    b += `<path transform="rotate(${n(rot + (i * 360) / blades)})" d="M0 0C-10 -12 -10 -34 6 -38C18 -40 24 -26 14 -14Z" fill="${i % 2 ? blade.b : blade.d}"/>`;
  s += `<g transform="translate(100 96)">${b}</g>`;
  if (rings)
    s +=
      circle(100, 96, 30, 'none', `stroke="${w.d}" stroke-width="2.5"`) +
      circle(100, 96, 18, 'none', `stroke="${w.d}" stroke-width="2.5"`);
  s +=
    circle(100, 96, 10, w.b, `stroke="${w.d}" stroke-width="1.5"`) + circle(100, 96, 4, c.accent.b);
  s += circle(146, 148, 3, '#22c55e');
  return { body: s, shadow: 66 };
};

const poolFilter: Painter = (c) => {
  const col = pick(c, [MAT.blue, MAT.pvc, MAT.sand, MAT.teal, MAT.graphite, c.accent] as const);
  const g = MAT.graphite;
  const tw = range(c, 84, 96);
  const x = 100 - tw / 2;
  let s = rect(52, GROUND - 14, 96, 14, 5, g.b) + rect(52, GROUND - 14, 96, 4, 2, g.l);
  s += path(bottlePath(x, 66, tw, GROUND - 12, 8), flat(c, col));
  s += rect(x + tw * 0.12, 104, 7, 46, 3.5, col.l, 'opacity=".8"');
  s +=
    rect(84, 116, 32, 20, 4, '#ffffff', 'opacity=".92"') +
    rect(89, 122, 22, 3, 1.5, col.d) +
    rect(89, 128, 14, 3, 1.5, '#9aa5b1');
  s +=
    rect(48, 58, 30, 10, 3, MAT.pvc.b) +
    rect(122, 58, 30, 10, 3, MAT.pvc.b) +
    rect(44, 55, 8, 16, 2, MAT.pvc.d) +
    rect(148, 55, 8, 16, 2, MAT.pvc.d);
  s += rect(74, 46, 52, 28, 9, g.d) + rect(74, 46, 52, 23, 9, g.b);
  s += rect(80, 32, 40, 10, 5, g.d) + rect(96, 36, 8, 12, 2, g.l);
  s +=
    circle(132, 42, 9, MAT.chrome.d) +
    circle(132, 42, 6, '#ffffff') +
    stroke('M132 42L135 39', '#ef4444', 1.5);
  return { body: s, shadow: 56 };
};

const chemical: Painter = (c) => {
  const col = pick(c, [MAT.blue, c.accent, MAT.teal, MAT.blue] as const);
  const w = MAT.white;
  let s = stroke('M58 66C58 20 142 20 142 66', MAT.graphite.b, 4);
  s += path(`M56 68H144L138 ${GROUND}H62Z`, w.d) + path(`M56 68H126L122 ${GROUND}H62Z`, w.b);
  s += rect(50, 56, 100, 16, 5, col.d) + rect(50, 56, 100, 12, 5, col.b);
  s += rect(66, 92, 68, 54, 6, col.b);
  s += path(
    'M100 100C106 110 112 116 112 123A12 12 0 0 1 88 123C88 116 94 110 100 100Z',
    '#ffffff',
  );
  s += rect(74, 138, 52, 3, 1.5, '#ffffff', 'opacity=".7"');
  return { body: s, shadow: 48 };
};

const tank: Painter = (c) => {
  if (
    has(c, 'autoclismo|autoclismos|cistern') ||
    (!has(c, 'deposito|depositos|reservatorio|reservatorios|tanque|tanques|tank|agua') &&
      c.rnd() < 0.5)
  ) {
    const w = MAT.white;
    const btn = pick(c, [MAT.chrome, MAT.graphite, c.accent] as const);
    const h = range(c, 70, 84);
    const bw = range(c, 104, 116);
    const x = 100 - bw / 2;
    const top = 128 - h;
    let s = tube(`M100 128V${GROUND - 16}Q100 ${GROUND - 6} 112 ${GROUND - 6}H150`, w, 12);
    s += rect(x, top, bw, h, 16, flat(c, w), `stroke="${w.d}" stroke-width="1.5"`);
    s += rect(x + 10, top + 14, 6, h - 28, 3, '#ffffff');
    s += rect(x - 3, top - 6, bw + 6, 14, 7, w.d) + rect(x - 3, top - 6, bw + 6, 10, 5, '#ffffff');
    s += ellipse(100, top - 6, 20, 6, btn.d) + ellipse(100, top - 8, 18, 5, btn.b);
    s +=
      path(`M100 ${n(top - 13)}V${n(top - 3)}`, 'none', `stroke="${btn.d}" stroke-width="1.5"`) +
      ellipse(92, top - 9, 6, 2, btn.l, 'opacity=".8"');
    return { body: s, shadow: bw / 2 + 4 };
  }
  const col = pick(c, [MAT.blue, MAT.graphite, MAT.green, MAT.sand, c.accent] as const);
  const w = range(c, 96, 112);
  const x = 100 - w / 2;
  let s = rect(x, 48, w, GROUND - 48, 12, col.d) + rect(x, 48, w * 0.8, GROUND - 48, 12, col.b);
  for (let y = 72; y < GROUND - 12; y += 24) s += rect(x, y, w, 4, 2, col.d);
  s +=
    ellipse(100, 48, w / 2, 10, col.l) +
    ellipse(100, 44, 22, 6, col.d) +
    rect(78, 36, 44, 8, 3, col.d);
  s += rect(x + w - 4, 140, 14, 10, 2, MAT.chrome.b);
  return { body: s, shadow: w / 2 + 6 };
};

const cartridge: Painter = (c) => {
  const col = pick(c, [c.accent, MAT.blue, MAT.green, MAT.teal, MAT.orange, MAT.red] as const);
  const w = MAT.white;
  let s = rect(72, 154, 56, 10, 3, w.d);
  s += column(74, 58, 52, 98, 6, w);
  s += rect(74, 80, 52, 56, 0, col.b) + rect(74, 80, 14, 56, 0, col.l, 'opacity=".35"');
  s +=
    rect(82, 94, 36, 6, 3, '#ffffff') +
    rect(82, 106, 26, 4, 2, '#ffffff', 'opacity=".75"') +
    rect(82, 114, 30, 4, 2, '#ffffff', 'opacity=".75"');
  s +=
    path('M76 58H124L114 44H86Z', w.d) +
    path('M94 45H106L102 10H98Z', '#eef2f6', `stroke="${w.d}" stroke-width="1.5"`);
  s += rect(97, 8, 6, 6, 2, col.d);
  return { body: `<g transform="rotate(-10 100 110)">${s}</g>`, shadow: 44 };
};

const glue: Painter = (c) => {
  const col = pick(c, [c.accent, MAT.blue, MAT.red, MAT.green, MAT.graphite] as const);
  const m = MAT.chrome;
  const w = range(c, 72, 84);
  const x = 100 - w / 2;
  let s = rect(x, 70, w, GROUND - 70, 8, m.d) + rect(x, 70, w * 0.8, GROUND - 70, 8, m.b);
  s +=
    rect(x, 90, w, 60, 0, col.b) +
    rect(x + 8, 102, w - 16, 7, 3.5, '#ffffff') +
    rect(x + 8, 116, w - 30, 4, 2, '#ffffff', 'opacity=".75"');
  s += ellipse(100, 70, w / 2, 8, m.l) + ellipse(100, 70, w / 2 - 5, 5, m.d);
  s += rect(86, 44, 28, 28, 6, MAT.graphite.d) + rect(86, 44, 22, 28, 6, MAT.graphite.b);
  return { body: s, shadow: w / 2 + 6 };
};

const tape: Painter = (c) => {
  const w = MAT.white;
  const core = pick(c, [c.accent, MAT.blue, MAT.red, MAT.yellow] as const);
  const R = range(c, 50, 58);
  let s = path(`M52 ${n(108 + 16)}L36 ${GROUND - 4}L54 ${GROUND - 2}L66 ${n(108 + 28)}Z`, w.d);
  s += circle(108, 108, R, w.d) + circle(100, 108, R, w.b, `stroke="${w.d}" stroke-width="1.5"`);
  s += circle(100, 108, R * 0.78, 'none', `stroke="${w.d}" stroke-width="1.5" opacity=".7"`);
  s +=
    circle(100, 108, 26, core.b) +
    circle(100, 108, 20, c.bg) +
    circle(103, 108, 20, darken(c.bg, 0.08), 'opacity=".6"');
  return { body: s, shadow: R };
};

const gasBottle: Painter = (c) => {
  const col = pick(c, [MAT.orange, MAT.blue, MAT.red, MAT.pvc] as const);
  const w = range(c, 66, 76);
  const x = 100 - w / 2;
  let s = rect(x + 6, GROUND - 12, w - 12, 12, 4, MAT.graphite.b);
  s += path(bottlePath(x, 54, w, GROUND - 8, 10), flat(c, col));
  s += rect(x + w * 0.12, 90, 6, 60, 3, col.l, 'opacity=".8"') + rect(x, 112, w, 5, 0, col.d);
  s +=
    rect(92, 44, 16, 14, 3, MAT.brass.b) +
    rect(78, 26, 44, 24, 10, col.d) +
    ellipse(100, 36, 13, 6, c.bg);
  return { body: s, shadow: w / 2 + 4 };
};

const box: Painter = (c) => {
  const t = pick(c, [MAT.card, MAT.card, MAT.white] as const);
  const label = c.accent;
  let s =
    path('M100 44L162 70L100 96L38 70Z', t.l) +
    path('M38 70L100 96V170L38 144Z', t.b) +
    path('M100 96L162 70V144L100 170Z', t.d);
  s += path('M62 54L124 80L132 76L70 50Z', mix(t.b, '#ffffff', 0.55), 'opacity=".9"');
  s +=
    path('M50 100L88 116V140L50 124Z', '#ffffff', 'opacity=".92"') +
    path('M54 106L84 119V124L54 111Z', label.b);
  s += path('M118 104L146 92V100L118 112Z', t.b, 'opacity=".6"');
  return { body: s, shadow: 66 };
};

const PAINTERS: Record<ArtKind, Painter> = {
  faucet,
  shower,
  toilet,
  basin,
  bathtub,
  pipe,
  fitting,
  valve,
  heater,
  radiator,
  pump,
  extinguisher,
  hose,
  hoseReel,
  drain,
  fan,
  poolFilter,
  chemical,
  tank,
  cartridge,
  glue,
  tape,
  gasBottle,
  box,
};

export const ART_KINDS = Object.keys(PAINTERS) as ArtKind[];

/** Draw the illustration for `kind` (or a chapter-icon tile when kind is null). */
export function drawArt(kind: ArtKind | null, icon: ChapterIconName, ctx: DrawCtx): Drawing {
  if (kind) return PAINTERS[kind](ctx);
  const a = ctx.accent;
  const body =
    rect(40, 46, 120, 120, 28, a.d) +
    rect(40, 40, 120, 120, 28, a.b) +
    rect(52, 48, 96, 10, 5, a.l, 'opacity=".35"') +
    `<g transform="translate(52 52) scale(4)" fill="none" stroke="#ffffff" stroke-width="1.7" stroke-linecap="round" stroke-linejoin="round">${CHAPTER_ICONS[icon]}</g>`;
  return { body, shadow: 64 };
}
