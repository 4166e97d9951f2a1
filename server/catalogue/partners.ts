import 'server-only';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';
import { asc, eq } from 'drizzle-orm';
import { getDb } from '@/server/db/client';
import { partnerLogos } from '@/server/db/schema';

export interface PartnerLogo {
  name: string;
  url: string;
  extension: string;
}

/** The partner logo strip of the home page (spec 7: name, url, extension). */
async function readListPartnerLogos(): Promise<PartnerLogo[]> {
  const db = await getDb();
  return db
    .select({ name: partnerLogos.name, url: partnerLogos.url, extension: partnerLogos.extension })
    .from(partnerLogos)
    .where(eq(partnerLogos.active, true))
    .orderBy(asc(partnerLogos.sortOrder), asc(partnerLogos.name));
}

/** Cached: the same for every visitor, refreshed when the catalogue changes (server/cache). */
export const listPartnerLogos = cachedRead('partner-logos', readListPartnerLogos, { tags: [cacheTags.brands] });
