import { hasPermission, type Permission } from './permissions';

/** The sections of the admin area (spec 2.4) as the sidebar and the admin dashboard list them. */
export interface AdminSection {
  path: string;
  title: string;
  description: string;
  /** Null: the admin flag is needed. */
  permission: Permission | null;
  /** The sidebar group the section is listed under. */
  group: AdminSectionGroup;
}

export type AdminSectionGroup = 'catalogue' | 'sales' | 'people' | 'system';

export const ADMIN_SECTION_GROUPS: readonly { id: AdminSectionGroup; title: string }[] = [
  { id: 'catalogue', title: 'Catálogo' },
  { id: 'sales', title: 'Vendas' },
  { id: 'people', title: 'Pessoas' },
  { id: 'system', title: 'Sistema' },
];

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/admin/products', title: 'Produtos', description: 'Fichas de produto, modelos, preços e imagens.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/ficha-tecnica', title: 'Fichas técnicas', description: 'Fichas técnicas dos produtos e centro de documentos.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/brands', title: 'Marcas', description: 'Marcas, logótipos, sites oficiais e faixa de parceiros.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/catalogue-management', title: 'Gestão de catálogos', description: 'Importar e exportar o catálogo, alterações e relatório de reimpressão.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/supplier-catalogues', title: 'Catálogos de fábrica', description: 'Catálogos dos fornecedores em PDF ou ligação.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/google-category-classifier', title: 'Categorias Google', description: 'Classificação das famílias e produtos para o feed do Google.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/search', title: 'Pesquisa', description: 'Sinónimos e pesquisas sem resultados.', permission: 'manage_products', group: 'catalogue' },
  { path: '/admin/campaigns', title: 'Campanhas', description: 'Criar, editar e destacar campanhas.', permission: 'manage_campaigns', group: 'sales' },
  { path: '/admin/orders', title: 'Encomendas', description: 'Encomendas: estados, pagamentos por transferência, PDF.', permission: 'manage_orders', group: 'sales' },
  { path: '/admin/quotes', title: 'Orçamentos', description: 'Pedidos de orçamento: responder, mensagens, retirar.', permission: 'manage_quotes', group: 'sales' },
  { path: '/admin/pro-accounts', title: 'Contas profissionais', description: 'Utilizadores, pedidos de acesso e contas pro.', permission: 'manage_users', group: 'people' },
  { path: '/admin/cache-performance', title: 'Desempenho da cache', description: 'Estado das caches da loja.', permission: 'manage_users', group: 'system' },
  { path: '/admin/phc-sync', title: 'Sincronização PHC', description: 'Importação do ERP.', permission: null, group: 'system' },
  { path: '/admin/phc-clients', title: 'Clientes PHC', description: 'Clientes do ERP.', permission: null, group: 'system' },
];

/** The section a path belongs to (longest prefix), if any. */
export function adminSectionFor(pathname: string): AdminSection | undefined {
  return [...ADMIN_SECTIONS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}

/** The sections a user may open (spec 6): the admin flag opens all, otherwise the role's permissions. */
export function sectionsFor(user: { role: unknown; isAdmin: boolean }): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => user.isAdmin || (s.permission !== null && hasPermission(user.role, s.permission)));
}
