/**
 * Chapter icons: original stroke-based glyphs drawn in a 24×24 box (same
 * conventions as lucide: fill none, stroke = currentColor-friendly, round caps
 * and joins, stroke width supplied by the wrapper).
 *
 * The markup contains only <path>/<circle>/<rect>/<g> elements without any
 * colour or stroke attributes, so it can be dropped inside any
 * `<g fill="none" stroke="…" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">`.
 */
import 'server-only';
import type { ChapterIconName } from '@/lib/catalogue/chapters';

const WAVE = (y: number): string => `M2 ${y}c2-1.5 3.5-1.5 5 0s3 1.5 5 0 3-1.5 5 0 3 1.5 5 0`;

/** One glyph per icon name of lib/catalogue/chapters.ts: a name added there fails the type check here until it is drawn. */
export const CHAPTER_ICONS: Record<ChapterIconName, string> = {
  // Bathtub with a wall spout and little feet.
  bath:
    '<path d="M3 12h18v2.5a4.5 4.5 0 0 1-4.5 4.5h-9A4.5 4.5 0 0 1 3 14.5z"/>' +
    '<path d="M6 12V6.5a2.5 2.5 0 0 1 5 0"/><path d="M10 8.5h2"/><path d="M7 19l-1 2"/><path d="M17 19l1 2"/>',
  // Toilet (side view) with cistern.
  'toilet-public':
    '<path d="M4 11h16"/><path d="M15 4h4v7h-4z"/>' +
    '<path d="M4 11a6 6 0 0 0 5 5.9L8.5 21h7l-.5-4.1A6 6 0 0 0 20 11"/>',
  // Kitchen sink with a gooseneck tap.
  kitchen:
    '<path d="M3 14h18"/><path d="M5 14l1.2 5a2 2 0 0 0 2 1.5h7.6a2 2 0 0 0 2-1.5L19 14"/>' +
    '<path d="M12 14V7a3 3 0 0 1 6 0v1.5"/><path d="M9 10h3"/>',
  // Pipe elbow with flanges.
  pipe:
    '<path d="M3 5h9a8 8 0 0 1 8 8v8"/><path d="M3 11h9a2 2 0 0 1 2 2v8"/>' +
    '<path d="M3 3v10"/><path d="M12 21h10"/>',
  // Watering can.
  garden:
    '<path d="M4 10h10v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2z"/><path d="M14 13l5-5"/>' +
    '<path d="M17.5 5.5l3 3"/><path d="M6.5 10V7.5a2.5 2.5 0 0 1 5 0V10"/>',
  // Sealant cartridge with nozzle and a bead.
  sealant:
    '<rect x="3" y="8" width="12" height="7" rx="1.5"/><path d="M15 9.5l6 2-6 2"/>' +
    '<path d="M6 8v7"/><path d="M4 19h6"/><path d="M13 19h.01"/>',
  // Square floor drain grate.
  drain:
    '<rect x="4" y="4" width="16" height="16" rx="3"/><path d="M8 8.5h8"/><path d="M8 12h8"/><path d="M8 15.5h8"/>',
  // Manhole cover.
  sewer:
    '<circle cx="12" cy="12" r="9"/><circle cx="12" cy="12" r="5.5"/>' +
    '<path d="M12 3v3.5"/><path d="M12 17.5V21"/><path d="M3 12h3.5"/><path d="M17.5 12H21"/>',
  // Cistern with dual flush button and outlet.
  cistern:
    '<rect x="4" y="5" width="16" height="10" rx="2"/><path d="M9.5 5V3h5v2"/><path d="M12 3v2"/>' +
    '<path d="M12 15v6"/><path d="M9 21h6"/>',
  // Extractor fan.
  fan:
    '<rect x="3" y="3" width="18" height="18" rx="4"/>' +
    '<circle cx="12" cy="12" r="6"/><circle cx="12" cy="12" r="1"/>' +
    '<path d="M12 11c0-1.8.9-3.3 2.6-4.2"/>' +
    '<path d="M12 11c0-1.8.9-3.3 2.6-4.2" transform="rotate(120 12 12)"/>' +
    '<path d="M12 11c0-1.8.9-3.3 2.6-4.2" transform="rotate(240 12 12)"/>',
  // Flame above water (water heating).
  'flame-water':
    '<path d="M12 2.5c2.8 3 5 5.5 5 8.8a5 5 0 0 1-10 0c0-3.3 2.2-5.8 5-8.8z"/>' +
    '<path d="M12 10c1 1.1 1.8 2 1.8 3a1.8 1.8 0 0 1-3.6 0c0-1 .8-1.9 1.8-3z"/>' +
    `<path d="${WAVE(20.5)}"/>`,
  // Gas bottle.
  gas:
    '<path d="M7 10a3 3 0 0 1 3-3h4a3 3 0 0 1 3 3v9a2 2 0 0 1-2 2H9a2 2 0 0 1-2-2z"/>' +
    '<path d="M10 7V3.5h4V7"/><path d="M9 3.5h6"/><path d="M7 13h10"/>',
  // Central vacuum: wall inlet, hose and floor brush.
  vacuum:
    '<rect x="15" y="3" width="6" height="8" rx="1.5"/><circle cx="18" cy="7" r="1"/>' +
    '<path d="M18 11c0 4-4 5.5-7 3.5"/><path d="M11 14.5L5.5 20"/><path d="M2.5 21h6"/>',
  // Centrifugal pump on a base.
  pump:
    '<circle cx="8" cy="13" r="5"/><path d="M13 10h6.5a1.5 1.5 0 0 1 1.5 1.5v3a1.5 1.5 0 0 1-1.5 1.5H13"/>' +
    '<path d="M6 8V4h4v4.5"/><path d="M3 21h18"/><path d="M8 18v3"/><path d="M17 16v5"/>',
  // Fire extinguisher.
  fire:
    '<path d="M8 10a3 3 0 0 1 3-3h1a3 3 0 0 1 3 3v10a1 1 0 0 1-1 1H9a1 1 0 0 1-1-1z"/>' +
    '<path d="M11.5 7V4"/><path d="M9 4h6l3 2"/><path d="M15 9.5c2.5 0 3.5 1.5 3.5 4v2"/>',
  // Pool ladder over waves.
  pool:
    '<path d="M8 14V5.5a2.5 2.5 0 0 1 5 0"/><path d="M14 14V5.5a2.5 2.5 0 0 1 5 0"/>' +
    '<path d="M8 8.5h6"/><path d="M8 12h6"/>' +
    `<path d="${WAVE(18)}"/><path d="${WAVE(22)}"/>`,
};

/** True when `v` is a known chapter icon name. */
export function isChapterIcon(v: string): v is ChapterIconName {
  return Object.prototype.hasOwnProperty.call(CHAPTER_ICONS, v);
}
