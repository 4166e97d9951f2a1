import type { Permission } from './permissions';

/** The sections of the admin area (spec 2.4) as the admin dashboard lists them. */
export interface AdminSection {
  path: string;
  title: string;
  description: string;
  /** Null: the admin flag is needed. */
  permission: Permission | null;
}

export const ADMIN_SECTIONS: readonly AdminSection[] = [
  { path: '/admin/campaigns', title: 'Campanhas', description: 'Criar, editar e destacar campanhas.', permission: 'manage_campaigns' },
  { path: '/admin/products', title: 'Produtos', description: 'Fichas de produto, modelos e imagens.', permission: 'manage_products' },
  { path: '/admin/quotes', title: 'Orçamentos', description: 'Pedidos de orçamento: responder, mensagens, retirar.', permission: 'manage_quotes' },
  { path: '/admin/ficha-tecnica', title: 'Fichas técnicas', description: 'Informação técnica dos produtos.', permission: 'manage_products' },
  { path: '/admin/google-category-classifier', title: 'Categorias Google', description: 'Classificação para o feed de produtos.', permission: 'manage_products' },
  { path: '/admin/catalogue-management', title: 'Gestão de catálogos', description: 'Catálogos em PDF e histórico de alterações.', permission: 'manage_products' },
  { path: '/admin/brands', title: 'Marcas', description: 'Marcas, logótipos e sites oficiais.', permission: 'manage_products' },
  { path: '/admin/supplier-catalogues', title: 'Catálogos de fábrica', description: 'Catálogos dos fornecedores.', permission: 'manage_products' },
  { path: '/admin/pro-accounts', title: 'Contas profissionais', description: 'Utilizadores, pedidos de acesso e contas pro.', permission: 'manage_users' },
  { path: '/admin/cache-performance', title: 'Desempenho da cache', description: 'Estado das caches da loja.', permission: 'manage_users' },
  { path: '/admin/phc-sync', title: 'Sincronização PHC', description: 'Importação do ERP.', permission: null },
  { path: '/admin/phc-clients', title: 'Clientes PHC', description: 'Clientes do ERP.', permission: null },
];

/** The section a path belongs to (longest prefix), if any. */
export function adminSectionFor(pathname: string): AdminSection | undefined {
  return [...ADMIN_SECTIONS]
    .sort((a, b) => b.path.length - a.path.length)
    .find((s) => pathname === s.path || pathname.startsWith(`${s.path}/`));
}
