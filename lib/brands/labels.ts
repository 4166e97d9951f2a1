/** Field names of a brand in Portuguese (the stale notice and the history). */
export const BRAND_FIELD_LABELS: Record<string, string> = {
  name: 'Nome',
  slug: 'Endereço (slug)',
  logo: 'Logótipo',
  official_site: 'Site oficial',
  partner: 'Na faixa de parceiros',
  partner_order: 'Ordem na faixa',
  merged_into: 'Fundida na marca (id)',
  merged_into_name: 'Fundida na marca',
  merged_from: 'Recebeu a marca',
  products_moved: 'Produtos movidos',
};
