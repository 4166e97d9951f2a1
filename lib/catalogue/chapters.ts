import { slugify } from '@/lib/slug';

export type ChapterIconName =
  | 'bath'
  | 'toilet-public'
  | 'kitchen'
  | 'pipe'
  | 'garden'
  | 'sealant'
  | 'drain'
  | 'sewer'
  | 'cistern'
  | 'fan'
  | 'flame-water'
  | 'gas'
  | 'vacuum'
  | 'pump'
  | 'fire'
  | 'pool';

export interface ChapterDefinition {
  code: number;
  title: string;
  /** The shortened name of the shop's filter list. */
  shortTitle: string;
  icon: ChapterIconName;
  theme: { from: string; to: string; accent: string };
  /** Wide card on the home grid (spec 2.1: chapters 10, 30, 110 and 200). */
  wide: boolean;
}

/** The 16 chapters of spec section 3, with their exact codes and titles. */
export const CHAPTERS: readonly ChapterDefinition[] = [
  { code: 10, title: 'Salas de Banho', shortTitle: 'Banho', icon: 'bath', theme: { from: '#e0f2fe', to: '#7dd3fc', accent: '#0369a1' }, wide: true },
  { code: 20, title: 'Sanitários Públicos-Balneários-Pontos de Atendimentos', shortTitle: 'Sanitários Públicos', icon: 'toilet-public', theme: { from: '#ede9fe', to: '#c4b5fd', accent: '#6d28d9' }, wide: false },
  { code: 30, title: 'Cozinha e Lavandaria', shortTitle: 'Cozinha e Lavandaria', icon: 'kitchen', theme: { from: '#fef3c7', to: '#fcd34d', accent: '#b45309' }, wide: true },
  { code: 40, title: 'Condução de Águas Sanitárias', shortTitle: 'Águas Sanitárias', icon: 'pipe', theme: { from: '#dbeafe', to: '#93c5fd', accent: '#1d4ed8' }, wide: false },
  { code: 50, title: 'Rega e Jardim', shortTitle: 'Rega e Jardim', icon: 'garden', theme: { from: '#dcfce7', to: '#86efac', accent: '#15803d' }, wide: false },
  { code: 60, title: 'Colas Vedantes-Lubricantes-Soldas-Desentupidores-Removedores', shortTitle: 'Colas e Vedantes', icon: 'sealant', theme: { from: '#fae8ff', to: '#f0abfc', accent: '#a21caf' }, wide: false },
  { code: 70, title: 'Drenagem', shortTitle: 'Drenagem', icon: 'drain', theme: { from: '#e2e8f0', to: '#94a3b8', accent: '#334155' }, wide: false },
  { code: 80, title: 'Esgotos de Edifícios', shortTitle: 'Esgotos', icon: 'sewer', theme: { from: '#f5f5f4', to: '#a8a29e', accent: '#57534e' }, wide: false },
  { code: 90, title: 'Autoclismos-Estruturas-Ferragens Cisterna', shortTitle: 'Autoclismos', icon: 'cistern', theme: { from: '#cffafe', to: '#67e8f9', accent: '#0e7490' }, wide: false },
  { code: 100, title: 'Ventilação e Exaustão', shortTitle: 'Ventilação', icon: 'fan', theme: { from: '#f1f5f9', to: '#cbd5e1', accent: '#475569' }, wide: false },
  { code: 110, title: 'AQS climatização e Energias Renováveis', shortTitle: 'AQS e Climatização', icon: 'flame-water', theme: { from: '#ffedd5', to: '#fdba74', accent: '#c2410c' }, wide: true },
  { code: 120, title: 'Gás e Componentes de Ligação', shortTitle: 'Gás', icon: 'gas', theme: { from: '#fef9c3', to: '#fde047', accent: '#a16207' }, wide: false },
  { code: 130, title: 'Aspiração Central', shortTitle: 'Aspiração Central', icon: 'vacuum', theme: { from: '#e0e7ff', to: '#a5b4fc', accent: '#4338ca' }, wide: false },
  { code: 140, title: 'Bombagem', shortTitle: 'Bombagem', icon: 'pump', theme: { from: '#ccfbf1', to: '#5eead4', accent: '#0f766e' }, wide: false },
  { code: 150, title: 'Equipamentos Combate a Incêndio', shortTitle: 'Combate a Incêndio', icon: 'fire', theme: { from: '#fee2e2', to: '#fca5a5', accent: '#b91c1c' }, wide: false },
  { code: 200, title: 'Piscinas e Tratamentos Químicos', shortTitle: 'Piscinas', icon: 'pool', theme: { from: '#cffafe', to: '#22d3ee', accent: '#0e7490' }, wide: true },
];

const byCode = new Map(CHAPTERS.map((c) => [c.code, c]));
const bySlug = new Map(CHAPTERS.map((c) => [slugify(c.title), c]));

export function chapterSlug(code: number): string | undefined {
  const chapter = byCode.get(code);
  return chapter ? slugify(chapter.title) : undefined;
}

export function chapterCodeFromSlug(slug: string): number | undefined {
  return bySlug.get(slug)?.code;
}

export function getChapterDefinition(code: number): ChapterDefinition | undefined {
  return byCode.get(code);
}

/** Family codes are `<chapter>-<NNN>`, e.g. `10-010`. */
export const FAMILY_CODE_PATTERN = /^(\d{1,3})-(\d{3})$/;

export function chapterCodeOfFamily(familyCode: string): number | undefined {
  const m = FAMILY_CODE_PATTERN.exec(familyCode);
  return m ? Number(m[1]) : undefined;
}
