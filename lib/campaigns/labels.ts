/** Field names in Portuguese (the stale notice's differences). */
export const CAMPAIGN_FIELD_LABELS: Record<string, string> = {
  title: 'Título',
  slug: 'Endereço (slug)',
  description: 'Descrição',
  category: 'Categoria',
  image: 'Imagem',
  starts_at: 'Início',
  ends_at: 'Fim',
  active: 'Ativa',
  featured: 'Destaque na página inicial',
  product_codes: 'Produtos',
};

