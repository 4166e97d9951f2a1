/**
 * Starting discount profiles offered when an access request is approved (issue 14), as data:
 * each gives a percentage to the discount groups starting with a letter of the catalogue's
 * groups (`inventory_products.discount_group`, e.g. `A`, `A1`…`A9`). Applying a profile writes one
 * price rule per existing group that matches (server/pro-accounts/accounts.ts); staff adjust the
 * rules afterwards on the account's page.
 */
export interface DiscountProfile {
  id: string;
  name: string;
  description: string;
  /** Group prefix (one letter, or a whole group code) → percentage (two decimals as text). */
  tiers: readonly { prefix: string; percentage: string }[];
}

export const DISCOUNT_PROFILES: readonly DiscountProfile[] = [
  {
    id: 'instalador-20-15-10',
    name: 'Instalador 20/15/10',
    description: '20 % nos grupos A, 15 % nos grupos B, 10 % nos grupos C.',
    tiers: [
      { prefix: 'A', percentage: '20.00' },
      { prefix: 'B', percentage: '15.00' },
      { prefix: 'C', percentage: '10.00' },
    ],
  },
  {
    id: 'revendedor-30-25-20',
    name: 'Revendedor 30/25/20',
    description: '30 % nos grupos A, 25 % nos grupos B, 20 % nos grupos C.',
    tiers: [
      { prefix: 'A', percentage: '30.00' },
      { prefix: 'B', percentage: '25.00' },
      { prefix: 'C', percentage: '20.00' },
    ],
  },
  {
    id: 'arquiteto-10',
    name: 'Arquiteto / Decorador 10',
    description: '10 % nos grupos A, B e C.',
    tiers: [
      { prefix: 'A', percentage: '10.00' },
      { prefix: 'B', percentage: '10.00' },
      { prefix: 'C', percentage: '10.00' },
    ],
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
