/** All demo families in catalogue order. */
import 'server-only';
import { BATHROOM_FAMILIES } from './families-bathroom';
import { CLIMATE_FAMILIES } from './families-climate';
import { PUMP_FIRE_POOL_FAMILIES } from './families-pumps';
import { WATER_FAMILIES } from './families-water';
import type { FamilyDef } from './templates';

export const FAMILY_DEFS: readonly FamilyDef[] = [
  ...BATHROOM_FAMILIES,
  ...WATER_FAMILIES,
  ...CLIMATE_FAMILIES,
  ...PUMP_FIRE_POOL_FAMILIES,
];

/** The chapter code of a family code (`110-020` → 110). */
export function chapterOf(familyCode: string): number {
  return Number(familyCode.split('-')[0]);
}
