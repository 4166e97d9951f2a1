/**
 * Generated artwork for the shop (no photos exist): product, family, chapter,
 * brand-logo, campaign and placeholder images, all as standalone SVG strings.
 *
 * - Pure & deterministic: the same input always yields the same string.
 * - Self-contained: no external fonts, images or scripts; text is XML-escaped.
 * - Small: every document stays well under ~6 KB.
 *
 * Rasterisation (WebP/PNG) is done elsewhere with sharp.
 */
import 'server-only';

import type { ChapterIconName } from '@/lib/catalogue/chapters';
import { seededRandom } from '@/lib/random';
import { CHAPTER_ICONS } from './icons';
import { GROUND, drawArt, makeCtx, pickArtKind, type ArtKind } from './illustrations';
import {
  FONT_STACK,
  circle,
  cleanText,
  darken,
  ellipse,
  escapeXml,
  hashString,
  lighten,
  luminance,
  mix,
  n,
  normHex,
  normalizeText,
  pickFrom,
  rect,
  svgDoc,
  textWidthEm,
  toneOf,
  wrapWords,
} from './svg-utils';

export { CHAPTER_ICONS } from './icons';
export { hashString } from './svg-utils';
export { pickArtKind, type ArtKind } from './illustrations';

export interface ChapterTheme {
  from: string;
  to: string;
  accent: string;
}

const DEFAULT_THEME: ChapterTheme = { from: '#0ea5e9', to: '#1e40af', accent: '#0284c7' };

function safeTheme(t: ChapterTheme): ChapterTheme {
  return {
    from: normHex(t.from, DEFAULT_THEME.from),
    to: normHex(t.to, DEFAULT_THEME.to),
    accent: normHex(t.accent, DEFAULT_THEME.accent),
  };
}

function safeIcon(icon: ChapterIconName): ChapterIconName {
  return Object.prototype.hasOwnProperty.call(CHAPTER_ICONS, icon) ? icon : 'pipe';
}

/** Accent usable for object colours: clamp very light / very dark accents. */
function objectAccent(hex: string): string {
  const l = luminance(hex);
  if (l > 0.6) return darken(hex, 0.3);
  if (l < 0.03) return lighten(hex, 0.25);
  return hex;
}

/** Short, collision-resistant id prefix so several inlined SVGs never clash. */
const idFor = (seed: string): string => `m${hashString(seed).toString(36)}`;

const GRADIENT_DIRS = [
  'x1="0" y1="0" x2="1" y2="1"',
  'x1="1" y1="0" x2="0" y2="1"',
  'x1="0" y1="0" x2="0" y2="1"',
  'x1="0.2" y1="0" x2="0.8" y2="1"',
] as const;

/* ------------------------------------------------------------------ */
/* Chapter icons                                                       */
/* ------------------------------------------------------------------ */

/** Standalone SVG of a chapter icon (stroke-based, 24×24 viewBox). */
export function chapterIconSvg(
  icon: ChapterIconName,
  opts?: { size?: number; color?: string },
): string {
  const size = Math.max(8, Math.min(1024, Math.round(opts?.size ?? 24)));
  const color = normHex(opts?.color, '#0f172a');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="${size}" height="${size}" fill="none" stroke="${color}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">${CHAPTER_ICONS[safeIcon(icon)]}</svg>`;
}

/* ------------------------------------------------------------------ */
/* Product & family "photos"                                           */
/* ------------------------------------------------------------------ */

interface StudioOpts {
  size: number;
  seed: string;
  text: string;
  fallbackText?: string;
  icon: ChapterIconName;
  theme: ChapterTheme;
  /** Box→canvas scale for the 200×200 illustration. */
  scale: number;
  /** Canvas y of the illustration floor line. */
  floor: number;
  badge: boolean;
  caption?: string;
  label: string;
}

function studio(o: StudioOpts): string {
  const th = safeTheme(o.theme);
  const icon = safeIcon(o.icon);
  const h = hashString(o.seed);
  const rnd = seededRandom(h);
  const id = idFor(`${o.seed}|${o.size}`);
  const S = o.size;

  const bgA = lighten(th.from, 0.86);
  const bgB = lighten(mix(th.to, th.accent, 0.3), 0.74);
  const dir = pickFrom(GRADIENT_DIRS, rnd());
  const bgMid = mix(bgA, bgB, 0.45);

  const kind: ArtKind | null =
    pickArtKind(o.text) ?? (o.fallbackText ? pickArtKind(o.fallbackText) : null);
  const accentHex = objectAccent(th.accent);
  const ctx = makeCtx({
    rnd,
    accent: toneOf(accentHex),
    bg: bgMid,
    text: normalizeText(`${o.text} ${o.fallbackText ?? ''}`),
    idp: `${id}f`,
  });

  // Decorative circles (hash-placed) behind the object.
  const deco: string[] = [];
  const dx = rnd();
  const dy = rnd();
  deco.push(
    circle(
      S * (0.12 + dx * 0.2),
      S * (0.14 + dy * 0.16),
      S * (0.05 + rnd() * 0.05),
      th.accent,
      'opacity=".1"',
    ),
  );
  deco.push(
    circle(
      S * (0.78 + rnd() * 0.12),
      S * (0.2 + rnd() * 0.25),
      S * (0.025 + rnd() * 0.03),
      th.accent,
      'opacity=".14"',
    ),
  );
  deco.push(
    circle(
      S * (0.86 + rnd() * 0.06),
      S * (0.72 + rnd() * 0.1),
      S * 0.12,
      '#ffffff',
      'opacity=".35"',
    ),
  );

  const drawing = drawArt(kind, icon, ctx);
  const sc = o.scale;
  const tx = S / 2 - 100 * sc;
  const ty = o.floor - GROUND * sc;
  const shadowRx = Math.max(20, drawing.shadow * sc * 1.05);

  let body =
    `<defs><linearGradient id="${id}b" ${dir}><stop offset="0" stop-color="${bgA}"/><stop offset="1" stop-color="${bgB}"/></linearGradient>` +
    `<radialGradient id="${id}g" cx=".5" cy=".45" r=".5"><stop offset="0" stop-color="#fff" stop-opacity=".75"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient>` +
    `<radialGradient id="${id}s"><stop offset="0" stop-color="#0f172a" stop-opacity=".26"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient>${ctx.defs.join('')}</defs>` +
    rect(0, 0, S, S, 0, `url(#${id}b)`) +
    rect(0, o.floor - S * 0.02, S, S - o.floor + S * 0.02, 0, '#ffffff', 'opacity=".22"') +
    deco.join('') +
    circle(S / 2, o.floor - S * 0.27, S * 0.36, `url(#${id}g)`) +
    ellipse(S / 2, o.floor, shadowRx, Math.max(6, S * 0.022), `url(#${id}s)`) +
    `<g transform="translate(${n(tx)} ${n(ty)}) scale(${n(sc)})">${drawing.body}</g>`;

  if (o.badge) {
    const bs = S * 0.085;
    const bx = S * 0.05;
    body +=
      rect(bx, bx, bs, bs, bs * 0.28, '#ffffff', 'opacity=".85"') +
      `<g transform="translate(${n(bx + bs * 0.2)} ${n(bx + bs * 0.2)}) scale(${n((bs * 0.6) / 24)})" fill="none" stroke="${darken(accentHex, 0.05)}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${CHAPTER_ICONS[icon]}</g>`;
  }
  if (o.caption) {
    const cap = cleanText(o.caption).slice(0, 40);
    if (cap) {
      body += `<text x="${S / 2}" y="${n(S - S * 0.045)}" text-anchor="middle" font-family="${FONT_STACK}" font-size="${n(S * 0.026)}" font-weight="600" letter-spacing="${n(S * 0.002)}" fill="${mix(darken(th.to, 0.3), '#64748b', 0.6)}" fill-opacity=".8">REF. ${escapeXml(cap)}</text>`;
    }
  }
  return svgDoc(S, S, body, o.label);
}

/** 800×800 product "photo": themed studio background + keyword-picked illustration + code caption. */
export function productImageSvg(input: {
  name: string;
  familyTitle: string;
  chapterIcon: ChapterIconName;
  theme: ChapterTheme;
  code: string;
}): string {
  return studio({
    size: 800,
    seed: `${input.name}|${input.code}`,
    text: input.name,
    fallbackText: input.familyTitle,
    icon: input.chapterIcon,
    theme: input.theme,
    scale: 3,
    floor: 662,
    badge: true,
    caption: input.code,
    label: input.name,
  });
}

/** 400×400 family image: same illustration set, picked from the family title. */
export function familyImageSvg(input: {
  title: string;
  chapterIcon: ChapterIconName;
  theme: ChapterTheme;
}): string {
  return studio({
    size: 400,
    seed: `family|${input.title}`,
    text: input.title,
    icon: input.chapterIcon,
    theme: input.theme,
    scale: 1.55,
    floor: 340,
    badge: false,
    label: input.title,
  });
}

/* ------------------------------------------------------------------ */
/* Chapter hero                                                        */
/* ------------------------------------------------------------------ */

/** 1200×600 chapter card / hero art: theme gradient, dot pattern, large icon. */
export function chapterImageSvg(input: {
  title: string;
  icon: ChapterIconName;
  theme: ChapterTheme;
}): string {
  const th = safeTheme(input.theme);
  const icon = safeIcon(input.icon);
  const h = hashString(`chapter|${input.title}|${icon}`);
  const rnd = seededRandom(h);
  const id = idFor(`chapter|${input.title}|${icon}`);
  const W = 1200;
  const H = 600;
  const cx = 860 + rnd() * 80;
  const cy = 300;
  const ring = 0.5 + rnd() * 0.5;
  const body =
    `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${th.from}"/><stop offset="1" stop-color="${th.to}"/></linearGradient>` +
    `<pattern id="${id}p" width="28" height="28" patternUnits="userSpaceOnUse">${circle(4, 4, 2, '#ffffff', 'opacity=".22"')}</pattern>` +
    `<linearGradient id="${id}f" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${darken(th.to, 0.35)}" stop-opacity=".45"/><stop offset=".6" stop-color="${darken(th.to, 0.35)}" stop-opacity="0"/></linearGradient></defs>` +
    rect(0, 0, W, H, 0, `url(#${id}b)`) +
    rect(0, 0, W, H, 0, `url(#${id}p)`) +
    circle(cx + 40, cy + 10, 330, '#ffffff', 'opacity=".07"') +
    circle(cx, cy, 240 + ring * 20, '#ffffff', 'opacity=".1"') +
    circle(cx, cy, 175, '#ffffff', 'opacity=".16"') +
    circle(cx - 200 - rnd() * 80, 70 + rnd() * 60, 22 + rnd() * 20, th.accent, 'opacity=".55"') +
    circle(cx + 230, 470 + rnd() * 60, 12 + rnd() * 12, '#ffffff', 'opacity=".35"') +
    circle(120 + rnd() * 260, 560, 150 + rnd() * 60, '#ffffff', 'opacity=".06"') +
    `<path d="M0 ${n(500 + rnd() * 30)}C250 ${n(440 + rnd() * 40)} 450 ${n(580 - rnd() * 40)} 700 520S1050 ${n(460 + rnd() * 40)} 1200 500V600H0Z" fill="#ffffff" opacity=".08"/>` +
    `<g transform="translate(${n(cx - 132)} ${n(cy - 132)}) scale(11)" fill="none" stroke="#ffffff" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round">${CHAPTER_ICONS[icon]}</g>` +
    rect(0, 0, W, H, 0, `url(#${id}f)`);
  return svgDoc(W, H, body, input.title);
}

/* ------------------------------------------------------------------ */
/* Brand logos                                                         */
/* ------------------------------------------------------------------ */

const BRAND_COLOURS = [
  '#1d4ed8', // blue
  '#0e7490', // cyan
  '#0f766e', // teal
  '#15803d', // green
  '#4d7c0f', // olive
  '#b45309', // amber
  '#c2410c', // orange
  '#b91c1c', // red
  '#be185d', // pink
  '#6d28d9', // violet
  '#4338ca', // indigo
  '#334155', // slate
] as const;

type Mark = 'circle' | 'drop' | 'hexagon' | 'wave';
const MARKS = ['circle', 'drop', 'hexagon', 'wave'] as const;

function brandMark(mark: Mark, col: string, initial: string): string {
  const letter = (y: number, size: number): string =>
    initial
      ? `<text x="40" y="${y}" text-anchor="middle" font-family="${FONT_STACK}" font-size="${size}" font-weight="800" fill="#ffffff">${escapeXml(initial)}</text>`
      : '';
  switch (mark) {
    case 'circle':
      return (
        circle(40, 40, 27, col) +
        circle(40, 40, 21, 'none', 'stroke="#ffffff" stroke-width="2" opacity=".35"') +
        letter(49, 26)
      );
    case 'drop':
      return (
        `<path d="M40 10C47 21 63 33 63 48A23 23 0 0 1 17 48C17 33 33 21 40 10Z" fill="${col}"/>` +
        letter(57, 24)
      );
    case 'hexagon':
      return `<path d="M40 11L65 25.5V54.5L40 69L15 54.5V25.5Z" fill="${col}"/>` + letter(49, 25);
    case 'wave':
      return (
        rect(13, 13, 54, 54, 15, col) +
        `<path d="M21 36c4-4 8-4 12 0s8 4 12 0 8-4 12 0M21 48c4-4 8-4 12 0s8 4 12 0 8-4 12 0" fill="none" stroke="#ffffff" stroke-width="4" stroke-linecap="round"/>`
      );
  }
}

/** 240×80 wordmark: hashed geometric mark + bold name, transparent background. */
export function brandLogoSvg(input: { name: string }): string {
  const name = cleanText(input.name) || 'Marca';
  const h = hashString(`brand|${name.toLowerCase()}`);
  const rnd = seededRandom(h);
  const col = pickFrom(BRAND_COLOURS, rnd());
  const mark = pickFrom(MARKS, rnd());
  const initial =
    Array.from(name.replace(/[^\p{L}\p{N}]/gu, ''))[0]?.toLocaleUpperCase('pt-PT') ?? '';
  const textCol = mix(col, '#0f172a', 0.45);
  const x = 78;
  const avail = 240 - x - 6;
  const font = (size: number, y: number, s: string): string =>
    `<text x="${x}" y="${n(y)}" font-family="${FONT_STACK}" font-size="${n(size)}" font-weight="800" letter-spacing="-.3" fill="${textCol}">${escapeXml(s)}</text>`;

  let text: string;
  const one = Math.min(30, avail / Math.max(0.01, textWidthEm(name)));
  const words = name.split(' ');
  if (one >= 17 || words.length < 2) {
    let s = name;
    let size = one;
    if (size < 12) {
      size = 12;
      const chars = Array.from(name);
      while (chars.length > 1 && textWidthEm(`${chars.join('')}…`) * size > avail) chars.pop();
      s = `${chars.join('').trimEnd()}…`;
    }
    text = font(size, 40 + size * 0.35, s);
  } else {
    // Two lines, split near the middle by width.
    let best = 1;
    let bestDiff = Infinity;
    for (let i = 1; i < words.length; i++) {
      const d = Math.abs(
        textWidthEm(words.slice(0, i).join(' ')) - textWidthEm(words.slice(i).join(' ')),
      );
      if (d < bestDiff) {
        bestDiff = d;
        best = i;
      }
    }
    const l1 = words.slice(0, best).join(' ');
    let l2 = words.slice(best).join(' ');
    let size = Math.min(22, avail / Math.max(textWidthEm(l1), textWidthEm(l2)));
    if (size < 11) {
      size = 11;
      const chars = Array.from(l2);
      while (chars.length > 1 && textWidthEm(`${chars.join('')}…`) * size > avail) chars.pop();
      l2 = `${chars.join('').trimEnd()}…`;
    }
    text = font(size, 40 - size * 0.2, l1) + font(size, 40 + size * 0.92, l2);
  }
  return svgDoc(240, 80, brandMark(mark, col, initial) + text, name);
}

/* ------------------------------------------------------------------ */
/* Campaign banners                                                    */
/* ------------------------------------------------------------------ */

/** 1600×900 campaign banner: gradient, big shapes, category pill and a wrapped title (≤ 3 lines). */
export function campaignImageSvg(input: {
  title: string;
  category: string;
  theme: string;
}): string {
  const base0 = normHex(input.theme, DEFAULT_THEME.accent);
  const lum = luminance(base0);
  const base = lum > 0.35 ? darken(base0, 0.35) : lum < 0.02 ? lighten(base0, 0.15) : base0;
  const deep = mix(darken(base, 0.45), '#0f172a', 0.25);
  const seed = `campaign|${input.title}|${input.category}|${base0}`;
  const rnd = seededRandom(hashString(seed));
  const id = idFor(seed);
  const W = 1600;
  const H = 900;

  const title = cleanText(input.title);
  const category = cleanText(input.category).toLocaleUpperCase('pt-PT');
  const lines = wrapWords(title, 22, 3);
  const maxEm = Math.max(1, ...lines.map((l) => textWidthEm(l)));
  const fs = Math.round(Math.min(lines.length > 2 ? 76 : 88, 880 / maxEm));
  const lh = fs * 1.14;
  const blockH = (lines.length - 1) * lh;
  const pillH = 56;
  const topY = 450 - (blockH + pillH + 44) / 2;
  const firstBase = topY + pillH + 44 + fs * 0.8;

  const kind = pickArtKind(`${title} ${input.category}`);
  const cx = 1250 + rnd() * 40;
  const cy = 450;

  let body =
    `<defs><linearGradient id="${id}b" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${base}"/><stop offset="1" stop-color="${deep}"/></linearGradient>` +
    `<radialGradient id="${id}s"><stop offset="0" stop-color="#0f172a" stop-opacity=".3"/><stop offset="1" stop-color="#0f172a" stop-opacity="0"/></radialGradient></defs>` +
    rect(0, 0, W, H, 0, `url(#${id}b)`) +
    circle(cx + 120, 120 + rnd() * 80, 380, lighten(base, 0.2), 'opacity=".28"') +
    circle(1500, 860, 260, '#ffffff', 'opacity=".07"') +
    circle(-60, 900, 320 + rnd() * 80, '#ffffff', 'opacity=".06"') +
    `<g transform="rotate(${n(-18 + rnd() * 10)} 700 120)">${rect(560, -80, 260, 260, 56, '#ffffff', 'opacity=".06"')}</g>` +
    `<path d="M0 ${n(760 + rnd() * 40)}C300 ${n(700 + rnd() * 40)} 600 ${n(860 - rnd() * 40)} 900 800S1400 ${n(720 + rnd() * 40)} 1600 760V900H0Z" fill="#ffffff" opacity=".07"/>`;
  for (let i = 0; i < 5; i++) body += circle(1000 + i * 26, 140, 5, '#ffffff', 'opacity=".35"');

  if (kind) {
    const ctx = makeCtx({
      rnd,
      accent: toneOf(objectAccent(base0)),
      bg: '#f8fafc',
      text: normalizeText(`${title} ${input.category}`),
      idp: `${id}f`,
    });
    const d = drawArt(kind, 'pipe', ctx);
    const sc = 1.6;
    const floor = cy + 112;
    body +=
      (ctx.defs.length ? `<defs>${ctx.defs.join('')}</defs>` : '') +
      circle(cx, cy, 250, '#ffffff', 'opacity=".14"') +
      circle(cx, cy, 215, '#f8fafc') +
      ellipse(cx, floor, d.shadow * sc, 12, `url(#${id}s)`) +
      `<g transform="translate(${n(cx - 100 * sc)} ${n(floor - GROUND * sc)}) scale(${sc})">${d.body}</g>`;
  } else {
    body +=
      circle(cx, cy, 230, '#ffffff', 'opacity=".12"') +
      `<path d="M${n(cx)} ${n(cy - 170)}C${n(cx + 50)} ${n(cy - 90)} ${n(cx + 120)} ${n(cy - 30)} ${n(cx + 120)} ${n(cy + 40)}A120 120 0 0 1 ${n(cx - 120)} ${n(cy + 40)}C${n(cx - 120)} ${n(cy - 30)} ${n(cx - 50)} ${n(cy - 90)} ${n(cx)} ${n(cy - 170)}Z" fill="#ffffff" opacity=".9"/>` +
      `<path d="M${n(cx - 60)} ${n(cy + 40)}A60 60 0 0 0 ${n(cx)} ${n(cy + 100)}" fill="none" stroke="${lighten(base, 0.45)}" stroke-width="14" stroke-linecap="round"/>`;
  }

  if (category) {
    const cat = Array.from(category).slice(0, 40).join('');
    const pw = textWidthEm(cat) * 24 + cat.length * 2.5 + 56;
    body +=
      rect(120, topY, pw, pillH, pillH / 2, '#ffffff', 'opacity=".95"') +
      `<text x="${n(120 + pw / 2)}" y="${n(topY + pillH / 2 + 8.5)}" text-anchor="middle" font-family="${FONT_STACK}" font-size="24" font-weight="700" letter-spacing="2.5" fill="${darken(base, 0.15)}">${escapeXml(cat)}</text>`;
  }
  const tspans = lines
    .map((l, i) => `<tspan x="120" y="${n(firstBase + i * lh)}">${escapeXml(l)}</tspan>`)
    .join('');
  body += `<text font-family="${FONT_STACK}" font-size="${fs}" font-weight="800" letter-spacing="-1" fill="#ffffff">${tspans}</text>`;
  body += rect(120, firstBase + blockH + fs * 0.45, 110, 10, 5, lighten(base0, 0.35));
  return svgDoc(W, H, body, [category, title].filter(Boolean).join(' — '));
}

/* ------------------------------------------------------------------ */
/* Placeholder                                                         */
/* ------------------------------------------------------------------ */

/** Neutral 800×800 "Imagem não disponível" placeholder. */
export function placeholderImageSvg(): string {
  const body =
    rect(0, 0, 800, 800, 0, '#f1f5f9') +
    rect(290, 250, 220, 170, 24, '#ffffff', 'stroke="#cbd5e1" stroke-width="10"') +
    '<path d="M310 400L380 320L430 370L455 345L495 400Z" fill="#cbd5e1"/>' +
    circle(450, 300, 20, '#cbd5e1') +
    `<text x="400" y="500" text-anchor="middle" font-family="${FONT_STACK}" font-size="34" font-weight="600" fill="#94a3b8">Imagem não disponível</text>`;
  return svgDoc(800, 800, body, 'Imagem não disponível');
}
