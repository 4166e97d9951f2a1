import 'server-only';
import { and, count, gte, ne, sum } from 'drizzle-orm';
import { hasAccess, isStaff } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import { countProductsWithoutCategory, countProductsWithoutImage } from '@/server/admin/catalogue-counts';
import { countZeroResultSearches } from '@/server/admin/search';
import { countCampaignsEnding } from '@/server/campaigns/admin';
import { countChangesSinceLastPrint } from '@/server/catalogue/reprint';
import { getDb } from '@/server/db/client';
import { orders } from '@/server/db/schema';
import { countOverdueStaffOrders } from '@/server/orders/admin';
import { countPendingRequests } from '@/server/pro-accounts/requests';
import { logger } from '@/server/log';

const log = logger('admin');

/**
 * The figures of /admin/dashboard (issues 13 and 23): what needs the staff's attention, each
 * counted from the data, for staff only (a customer gets the customers' page, no figure). Each
 * figure shows for whoever may see it — the section's `manage_*` permission, or the matching
 * `view_*` one of the staff reader — and links to its list only for whoever may open the list.
 */
export interface DashboardFigure {
  id: string;
  label: string;
  value: number;
  /** A count, or an amount in euros. */
  unit: 'count' | 'euro';
  /** Where the list behind the figure is (null: the user may not open it). */
  href: string | null;
  /** A non-zero value asks for action. */
  attention: boolean;
}

const WEEK_MS = 7 * 24 * 3600_000;

/** Orders placed since `since` (cancelled ones left out): how many, and their total in euros with IVA. */
export async function ordersSince(since: Date): Promise<{ count: number; total: number }> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count(), cents: sum(orders.totalCents) })
    .from(orders)
    .where(and(gte(orders.placedAt, since), ne(orders.status, 'cancelled')));
  return { count: Number(row?.n ?? 0), total: Number(row?.cents ?? 0) / 100 };
}

export async function getDashboardFigures(viewer: Viewer, now = new Date()): Promise<DashboardFigure[]> {
  if (!isStaff(viewer)) return [];
  const can = (p: Parameters<typeof hasAccess>[1]) => hasAccess(viewer, p);
  const link = (manage: Parameters<typeof hasAccess>[1], href: string) => (can(manage) ? href : null);
  const jobs: Promise<DashboardFigure | DashboardFigure[] | null>[] = [];
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  if (can('manage_products') || can('view_products')) {
    jobs.push(countProductsWithoutImage().then((value) => ({ id: 'without-image', label: 'Produtos sem imagem', value, unit: 'count', href: link('manage_products', '/admin/products?sem_imagem=1'), attention: value > 0 })));
    jobs.push(countProductsWithoutCategory().then((value) => ({ id: 'without-category', label: 'Produtos sem categoria Google', value, unit: 'count', href: link('manage_products', '/admin/google-category-classifier/unclassified'), attention: value > 0 })));
    jobs.push(countZeroResultSearches(weekAgo).then((value) => ({ id: 'zero-searches', label: 'Pesquisas sem resultados esta semana', value, unit: 'count', href: link('manage_products', '/admin/search'), attention: value > 0 })));
    jobs.push(countChangesSinceLastPrint().then(({ total }) => ({ id: 'since-print', label: 'Alterações desde a última impressão', value: total, unit: 'count', href: link('manage_products', '/admin/catalogue-management/reprint-report'), attention: false })));
  }
  if (can('manage_campaigns') || can('view_campaigns')) {
    jobs.push(countCampaignsEnding(7, now).then((value) => ({ id: 'campaigns-ending', label: 'Campanhas a terminar esta semana', value, unit: 'count', href: link('manage_campaigns', '/admin/campaigns?estado=current&ordem=end-asc'), attention: value > 0 })));
  }
  if (can('view_analytics')) {
    jobs.push(
      ordersSince(weekAgo).then(({ count: placed, total }) => [
        { id: 'orders-week', label: 'Encomendas nos últimos 7 dias', value: placed, unit: 'count', href: link('manage_orders', '/admin/orders'), attention: false },
        { id: 'sales-week', label: 'Vendas nos últimos 7 dias (com IVA)', value: total, unit: 'euro', href: link('manage_orders', '/admin/orders'), attention: false },
      ]),
    );
  }
  if (can('manage_orders')) {
    jobs.push(countOverdueStaffOrders().then((value) => ({ id: 'orders-overdue', label: 'Encomendas em atraso', value, unit: 'count', href: '/admin/orders', attention: value > 0 })));
  }
  if (can('manage_users')) {
    jobs.push(countPendingRequests().then((value) => ({ id: 'access-requests', label: 'Pedidos de acesso por tratar', value: Number(value), unit: 'count', href: '/admin/pro-accounts?tab=requests', attention: Number(value) > 0 })));
  }
  // One failing count must not take the dashboard down: it is left out (and logged).
  const settled = await Promise.allSettled(jobs);
  return settled.flatMap((r) => {
    if (r.status === 'fulfilled') return r.value ? [r.value].flat() : [];
    log.error({ err: r.reason }, 'contagem do painel falhou');
    return [];
  });
}
