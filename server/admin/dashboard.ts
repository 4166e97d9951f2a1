import 'server-only';
import { hasAccess } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import { countProductsWithoutCategory, countProductsWithoutImage } from '@/server/admin/catalogue-counts';
import { countZeroResultSearches } from '@/server/admin/search';
import { countCampaignsEnding } from '@/server/campaigns/admin';
import { countChangesSinceLastPrint } from '@/server/catalogue/reprint';
import { countOverdueStaffOrders } from '@/server/orders/admin';
import { countPendingRequests } from '@/server/pro-accounts/requests';

/**
 * The figures of /admin/dashboard (issue 13): what needs the staff's attention, each counted
 * from the data and only for the sections the user may open (a viewer gets none).
 */
export interface DashboardFigure {
  id: string;
  label: string;
  value: number;
  /** Where the list behind the figure is. */
  href: string;
  /** A non-zero value asks for action. */
  attention: boolean;
}

const WEEK_MS = 7 * 24 * 3600_000;

export async function getDashboardFigures(viewer: Viewer, now = new Date()): Promise<DashboardFigure[]> {
  const can = (p: Parameters<typeof hasAccess>[1]) => hasAccess(viewer, p);
  const jobs: Promise<DashboardFigure | null>[] = [];
  if (can('manage_products')) {
    jobs.push(countProductsWithoutImage().then((value) => ({ id: 'without-image', label: 'Produtos sem imagem', value, href: '/admin/products?sem_imagem=1', attention: value > 0 })));
    jobs.push(countProductsWithoutCategory().then((value) => ({ id: 'without-category', label: 'Produtos sem categoria Google', value, href: '/admin/google-category-classifier/unclassified', attention: value > 0 })));
    jobs.push(countZeroResultSearches(new Date(now.getTime() - WEEK_MS)).then((value) => ({ id: 'zero-searches', label: 'Pesquisas sem resultados esta semana', value, href: '/admin/search', attention: value > 0 })));
    jobs.push(countChangesSinceLastPrint().then(({ total }) => ({ id: 'since-print', label: 'Alterações desde a última impressão', value: total, href: '/admin/catalogue-management/reprint-report', attention: false })));
  }
  if (can('manage_campaigns')) {
    jobs.push(countCampaignsEnding(7, now).then((value) => ({ id: 'campaigns-ending', label: 'Campanhas a terminar esta semana', value, href: '/admin/campaigns?estado=current&ordem=end-asc', attention: value > 0 })));
  }
  if (can('manage_orders')) {
    jobs.push(countOverdueStaffOrders().then((value) => ({ id: 'orders-overdue', label: 'Encomendas em atraso', value, href: '/admin/orders', attention: value > 0 })));
  }
  if (can('manage_users')) {
    jobs.push(countPendingRequests().then((value) => ({ id: 'access-requests', label: 'Pedidos de acesso por tratar', value: Number(value), href: '/admin/pro-accounts?tab=requests', attention: Number(value) > 0 })));
  }
  // One failing count must not take the dashboard down: it is left out (and logged).
  const settled = await Promise.allSettled(jobs);
  return settled.flatMap((r) => {
    if (r.status === 'fulfilled') return r.value ? [r.value] : [];
    console.error('[admin] contagem do painel falhou:', r.reason);
    return [];
  });
}
