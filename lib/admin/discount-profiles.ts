/**
 * Starting discount profiles offered when an access request is approved, as data:
 * each gives a percentage to the discount groups starting with a letter of the catalogue's
 * groups (`inventory_products.discount_group`, e.g. `A`, `A1`…`A9`). Applying a profile writes one
 * price rule per existing group that matches (server/pro-accounts/accounts.ts); staff adjust the
 * rules afterwards on the account's page. A profile names only some letters (A–C): the groups of
 * the catalogue it does not reach (D, E…) are asked of the approver, who sees how many models each
 * rule covers before approving (`profileCoverage`); none is left at 0 % silently.
 */
export interface DiscountProfile {
  id: string;
  name: string;
  description: string;
  /** Group prefix (one letter, or a whole group code) → percentage (two decimals as text). */
  tiers: readonly { prefix: string; percentage: string }[];
}

/** The tiers of a profile that gives these percentages to the groups A, B and C. */
const abc = (a: string, b: string, c: string): DiscountProfile['tiers'] => [
  { prefix: 'A', percentage: a },
  { prefix: 'B', percentage: b },
  { prefix: 'C', percentage: c },
];

export const DISCOUNT_PROFILES: readonly DiscountProfile[] = [
  {
    id: 'instalador-20-15-10',
    name: 'Instalador 20/15/10',
    description: '20 % nos grupos A, 15 % nos grupos B, 10 % nos grupos C.',
    tiers: abc('20.00', '15.00', '10.00'),
  },
  {
    id: 'revendedor-30-25-20',
    name: 'Revendedor 30/25/20',
    description: '30 % nos grupos A, 25 % nos grupos B, 20 % nos grupos C.',
    tiers: abc('30.00', '25.00', '20.00'),
  },
  {
    id: 'arquiteto-10',
    name: 'Arquiteto / Decorador 10',
    description: '10 % nos grupos A, B e C.',
    tiers: abc('10.00', '10.00', '10.00'),
  },
  {
    id: 'sem-desconto',
    name: 'Sem desconto inicial',
    description: 'A conta fica sem regras; acrescente-as depois na página da conta.',
    tiers: [],
  },
];

export function discountProfile(id: string): DiscountProfile | undefined {
  return DISCOUNT_PROFILES.find((p) => p.id === id);
}

/** A discount group of the catalogue (`inventory_products.discount_group`) and how many models have it. */
export interface CatalogueGroup {
  group: string;
  models: number;
}

/** A tier (a profile's, or one the approver added) and what it reaches in the catalogue. */
export interface TierCoverage {
  prefix: string;
  percentage: string;
  /** The catalogue's groups this tier gives its percentage to (not those an earlier tier took). */
  groups: string[];
  models: number;
}

/** Catalogue groups that no tier reaches, by their first character (the prefix the approver is asked for). */
export interface MissingGroups {
  prefix: string;
  groups: string[];
  models: number;
}

export interface ProfileCoverage {
  tiers: TierCoverage[];
  missing: MissingGroups[];
  /** Models whose group a tier reaches, of all the models that have a group. */
  coveredModels: number;
  groupedModels: number;
}

const matches = (group: string, prefix: string) => group.toUpperCase().startsWith(prefix.toUpperCase());

/** The prefix under which an uncovered group is asked for: its first character. */
export function askedPrefix(group: string): string {
  return group.slice(0, 1).toUpperCase();
}

/**
 * What a set of tiers gives the catalogue's groups: each group goes to the first tier
 * whose prefix it starts with (as the rules are written: server/pro-accounts/accounts.ts), with the
 * number of models it holds; the groups no tier reaches are listed by first character, so that the
 * approver is asked for them instead of leaving them silently at 0 %.
 */
export function profileCoverage(tiers: readonly { prefix: string; percentage: string }[], groups: readonly CatalogueGroup[]): ProfileCoverage {
  const taken = new Set<string>();
  const sorted = [...groups].sort((a, b) => a.group.localeCompare(b.group, 'pt', { numeric: true }));
  const covered: TierCoverage[] = tiers.map((tier) => {
    const mine = sorted.filter((g) => !taken.has(g.group) && matches(g.group, tier.prefix));
    for (const g of mine) taken.add(g.group);
    return { prefix: tier.prefix.toUpperCase(), percentage: tier.percentage, groups: mine.map((g) => g.group), models: mine.reduce((n, g) => n + g.models, 0) };
  });
  const missing = new Map<string, MissingGroups>();
  for (const g of sorted) {
    if (taken.has(g.group)) continue;
    const prefix = askedPrefix(g.group);
    const entry = missing.get(prefix) ?? { prefix, groups: [], models: 0 };
    entry.groups.push(g.group);
    entry.models += g.models;
    missing.set(prefix, entry);
  }
  const groupedModels = sorted.reduce((n, g) => n + g.models, 0);
  const coveredModels = covered.reduce((n, t) => n + t.models, 0);
  return { tiers: covered, missing: [...missing.values()], coveredModels, groupedModels };
}
