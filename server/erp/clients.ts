import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Viewer } from '@/lib/auth/viewer';
import { recordAudit } from '@/server/admin/audit';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { getDb } from '@/server/db/client';
import { erpClients, proAccounts, type ErpClientRule } from '@/server/db/schema';
import { pricingTags } from '@/server/pricing';
import { writeAccountRules } from './sync';

/**
 * /admin/phc-clients (admin flag): the ERP's clients and their link to shop accounts —
 * linked, unlinked, or in conflict (unlinked, but a shop account has the same NIF, or a user of
 * one the same e-mail) — and the two actions: link to an account ("ligar") and create an account
 * from the ERP's data ("criar conta"). Linking writes the ERP's discount rules into the account
 * and drops that account's cached prices only.
 */

export type ErpLinkState = 'linked' | 'unlinked' | 'conflict';
export const ERP_CLIENT_PAGE_SIZE = 50;

export interface ErpCandidate {
  id: number;
  name: string;
  nif: string | null;
  phcClientId: string | null;
  by: 'nif' | 'email';
}

export interface ErpClientView {
  erpClientId: string;
  name: string;
  nif: string | null;
  email: string | null;
  accountName: string | null;
  rules: ErpClientRule[];
  missing: boolean;
  state: ErpLinkState;
  account: { id: number; name: string } | null;
  candidates: ErpCandidate[];
}

const STATE_SQL = sql`case when c.account_id is not null then 'linked' when cardinality(coalesce(m.ids, '{}')) > 0 then 'conflict' else 'unlinked' end`;

const BASE = sql`
  with m as (
    select c.erp_client_id,
           array_remove(array_agg(distinct p.id), null) as ids
      from erp_clients c
      left join pro_accounts p
        on c.account_id is null and (
             (c.nif is not null and p.nif = c.nif)
          or (c.email is not null and exists (select 1 from users u where u.pro_account_id = p.id and lower(u.email) = c.email)))
     group by c.erp_client_id
  )`;

export async function listErpClients(options: { state?: ErpLinkState; q?: string; page: number }): Promise<{ items: ErpClientView[]; total: number; counts: Record<ErpLinkState, number> }> {
  const db = await getDb();
  const q = options.q?.trim().toLowerCase();
  const like = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = sql`where true
    ${options.state ? sql`and ${STATE_SQL} = ${options.state}` : sql``}
    ${like ? sql`and (lower(c.name) like ${like} or c.erp_client_id ilike ${like} or coalesce(c.nif, '') like ${like} or coalesce(c.email, '') like ${like})` : sql``}`;
  const rows = (await db.execute(sql`${BASE}
    select c.erp_client_id, c.name, c.nif, c.email, c.account_name, c.rules, c.missing_since, c.account_id, a.name as linked_name,
           ${STATE_SQL} as state, m.ids
      from erp_clients c join m using (erp_client_id) left join pro_accounts a on a.id = c.account_id
      ${where}
     order by case ${STATE_SQL} when 'conflict' then 0 when 'unlinked' then 1 else 2 end, c.erp_client_id
     limit ${ERP_CLIENT_PAGE_SIZE} offset ${(options.page - 1) * ERP_CLIENT_PAGE_SIZE}`)) as unknown as {
    rows: { erp_client_id: string; name: string; nif: string | null; email: string | null; account_name: string | null; rules: ErpClientRule[]; missing_since: unknown; account_id: number | null; linked_name: string | null; state: ErpLinkState; ids: number[] | null }[];
  };
  const counted = (await db.execute(sql`${BASE}
    select ${STATE_SQL} as state, count(*)::int as n, sum(case when true ${like ? sql`and (lower(c.name) like ${like} or c.erp_client_id ilike ${like} or coalesce(c.nif, '') like ${like} or coalesce(c.email, '') like ${like})` : sql``} then 1 else 0 end)::int as matching
      from erp_clients c join m using (erp_client_id) group by 1`)) as unknown as { rows: { state: ErpLinkState; n: number; matching: number }[] };
  const counts: Record<ErpLinkState, number> = { linked: 0, unlinked: 0, conflict: 0 };
  let total = 0;
  for (const r of counted.rows) {
    counts[r.state] = r.n;
    if (!options.state || options.state === r.state) total += r.matching;
  }
  const candidateIds = [...new Set(rows.rows.flatMap((r) => r.ids ?? []))];
  const candidates = candidateIds.length
    ? ((await db.execute(sql`
        select p.id, p.name, p.nif, p.phc_client_id, array_agg(lower(u.email)) filter (where u.email is not null) as emails
          from pro_accounts p left join users u on u.pro_account_id = p.id
         where p.id in ${candidateIds} group by p.id`)) as unknown as { rows: { id: number; name: string; nif: string | null; phc_client_id: string | null; emails: string[] | null }[] }).rows
    : [];
  return {
    total,
    counts,
    items: rows.rows.map((r) => ({
      erpClientId: r.erp_client_id,
      name: r.name,
      nif: r.nif,
      email: r.email,
      accountName: r.account_name,
      rules: r.rules,
      missing: r.missing_since !== null,
      state: r.state,
      account: r.account_id !== null ? { id: r.account_id, name: r.linked_name ?? '' } : null,
      candidates: (r.ids ?? []).flatMap((id) => {
        const c = candidates.find((x) => x.id === id);
        if (!c) return [];
        return [{ id: c.id, name: c.name, nif: c.nif, phcClientId: c.phc_client_id, by: r.nif && c.nif === r.nif ? ('nif' as const) : ('email' as const) }];
      }),
    })),
  };
}

/** Shop accounts to choose from when linking by hand (name or NIF contains `q`). */
export async function searchAccounts(q: string): Promise<{ id: number; name: string; nif: string | null; phcClientId: string | null }[]> {
  const db = await getDb();
  const like = `%${q.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return db
    .select({ id: proAccounts.id, name: proAccounts.name, nif: proAccounts.nif, phcClientId: proAccounts.phcClientId })
    .from(proAccounts)
    .where(sql`lower(${proAccounts.name}) like ${like} or coalesce(${proAccounts.nif}, '') like ${like}`)
    .orderBy(proAccounts.name)
    .limit(20);
}

type Actor = Pick<Viewer, 'id' | 'email' | 'displayName'>;

async function lockedClient(tx: Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0], erpClientId: string) {
  const locked = (await tx.execute(sql`select erp_client_id, name, nif, email, account_name, rules, account_id from erp_clients where erp_client_id = ${erpClientId} for update`)) as unknown as {
    rows: { erp_client_id: string; name: string; nif: string | null; email: string | null; account_name: string | null; rules: ErpClientRule[]; account_id: number | null }[];
  };
  const row = locked.rows[0];
  if (!row) throw new AppError({ code: 'not_found', key: 'Admin.Erp.errors.clientNotFound' });
  return row;
}

/** "Ligar": the ERP client becomes this account's (its ERP id, NIF and discount rules). */
export async function linkErpClient(erpClientId: string, accountId: number, actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const client = await lockedClient(tx, erpClientId);
    if (client.account_id !== null) throw new AppError({ code: 'conflict', key: 'Admin.Erp.errors.alreadyLinked' });
    const [account] = await tx.select().from(proAccounts).where(eq(proAccounts.id, accountId)).for('update');
    if (!account) throw new AppError({ code: 'not_found', key: 'Admin.Erp.errors.accountNotFound' });
    if (account.phcClientId && account.phcClientId !== erpClientId) throw new AppError({ code: 'conflict', key: 'Admin.Erp.errors.accountLinkedElsewhere', values: { id: account.phcClientId } });
    const [other] = await tx.select({ id: erpClients.erpClientId }).from(erpClients).where(eq(erpClients.accountId, accountId));
    if (other && other.id !== erpClientId) throw new AppError({ code: 'conflict', key: 'Admin.Erp.errors.accountLinkedElsewhere', values: { id: other.id } });
    await tx.update(erpClients).set({ accountId, updatedAt: new Date() }).where(eq(erpClients.erpClientId, erpClientId));
    await tx
      .update(proAccounts)
      .set({ phcClientId: erpClientId, nif: account.nif ?? client.nif, version: sql`${proAccounts.version} + 1`, updatedAt: new Date() })
      .where(eq(proAccounts.id, accountId));
    await writeAccountRules(tx, accountId, client.rules);
    await recordAudit(tx, {
      actor,
      entity: 'pro_account',
      entityId: accountId,
      action: 'update',
      summary: `Ligada ao cliente PHC ${erpClientId}`,
      before: { phcClientId: account.phcClientId },
      after: { phcClientId: erpClientId },
    });
    await invalidateCache([pricingTags.account(accountId)], { reason: 'erp-link', db: tx });
  });
}

/** "Criar conta": a professional account from the ERP's data, linked, with its rules. A NIF already used is refused (link instead). */
export async function createAccountFromErp(erpClientId: string, actor: Actor): Promise<{ accountId: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const client = await lockedClient(tx, erpClientId);
    if (client.account_id !== null) throw new AppError({ code: 'conflict', key: 'Admin.Erp.errors.alreadyLinked' });
    if (client.nif) {
      const [same] = await tx.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.nif, client.nif));
      if (same) throw new AppError({ code: 'conflict', key: 'Admin.Erp.errors.nifTaken', values: { name: same.name } });
    }
    const [taken] = await tx.select({ id: proAccounts.id }).from(proAccounts).where(eq(proAccounts.phcClientId, erpClientId));
    if (taken) throw new AppError({ code: 'conflict', key: 'Admin.Erp.errors.alreadyLinked' });
    const [account] = await tx
      .insert(proAccounts)
      .values({ name: client.account_name ?? client.name, fiscalName: client.name, nif: client.nif, phcClientId: erpClientId })
      .returning({ id: proAccounts.id });
    const accountId = account!.id;
    await tx.update(erpClients).set({ accountId, updatedAt: new Date() }).where(eq(erpClients.erpClientId, erpClientId));
    await writeAccountRules(tx, accountId, client.rules);
    await recordAudit(tx, {
      actor,
      entity: 'pro_account',
      entityId: accountId,
      action: 'create',
      summary: `Criada a partir do cliente PHC ${erpClientId}`,
      after: { name: client.account_name ?? client.name, fiscalName: client.name, nif: client.nif, phcClientId: erpClientId },
    });
    await invalidateCache([pricingTags.account(accountId)], { reason: 'erp-create-account', db: tx });
    return { accountId };
  });
}
