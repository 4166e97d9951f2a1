import 'server-only';
import type { SynonymEntry } from '@/lib/search/synonyms';

import { TRADE_VOCABULARY } from '@/lib/search/trade-vocabulary';

/**
 * The shipped trade vocabulary (lib/search/trade-vocabulary.ts) as synonym entries: what the
 * search uses before the `search_synonyms` table is seeded or when it cannot be read, and what
 * the unit tests parse with. At run time the search reads the table (./synonym-store.ts), which
 * staff edit in /admin/search.
 */
export const SYNONYMS: readonly SynonymEntry[] = TRADE_VOCABULARY.map((g) =>
  g.kind === 'one_way' ? { from: g.terms, to: g.targets } : { equivalent: g.terms },
);
