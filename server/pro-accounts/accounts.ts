import 'server-only';
import type { ProAccountSummary } from '@/lib/admin/people';
export type { ProAccountSummary } from '@/lib/admin/people';
import { and, asc, count, desc, eq, ilike, inArray, like, or, sql } from 'drizzle-orm';
import type { AuditActor } from '@/server/admin/audit';
import { recordAudit } from '@/server/admin/audit';
import { assertVersion } from '@/server/admin/versioning';
import { AppError } from '@/server/errors';
import { invalidateCache } from '@/server/cache/invalidate';
import { getDb, type DbOrTx, type Tx } from '@/server/db/client';
import { addresses, inventoryProducts, priceRules, proAccounts, users } from '@/server/db/schema';
import { POSTAL_CODE_PT } from '@/lib/validation/orders';
import { pricingTags } from '@/server/pricing';
import type { ProAccountInput } from '@/lib/validation/people';
import { discountProfile, profileCoverage, type CatalogueGroup } from '@/lib/admin/discount-profiles';
import { forgetCachedSessions } from '@/server/redis/sessions';

/**
 * Professional accounts in the admin area: a company (name = badge text, fiscal name,
 * NIF, ERP client id, one address), its users (`users.pro_account_id`) and its price rules
 * (`price_rules`). Every write runs in one transaction with its audit entry and the pricing tags
 * it touched (`pricing:account:<id>` for rules, `pricing:user:<id>` for users moved in or out),
 * so carts re-price on their next read.
 */

export const ACCOUNT_ENTITY = 'pro_account';
export const USER_ENTITY = 'user';


export interface PriceRuleView {
  id: number;
  discountGroup: string;
  discountPercentage: string;
  validFrom: string | null;
  validTo: string | null;
}

export interface AccountUserView {
  id: string;
  email: string;
  name: string;
  userType: 'particular' | 'pro';
  disabled: boolean;
}

export interface ProAccountDetail {
  id: number;
  name: string;
  fiscalName: string | null;
  nif: string | null;
  phcClientId: string | null;
  address: string | null;
  postalCode: string | null;
  city: string | null;
  version: number;
  createdAt: string;
  users: AccountUserView[];
  rules: PriceRuleView[];
  /** Other accounts with the same NIF (a duplicate to resolve). */
  sameNif: { id: number; name: string }[];
}

export const ACCOUNT_PAGE_SIZE = 25;

/** How staff tell an account apart (the list and the detail page): its names, NIF and ERP client. */
const accountIdentityColumns = {
  id: proAccounts.id,
  name: proAccounts.name,
  fiscalName: proAccounts.fiscalName,
  nif: proAccounts.nif,
  phcClientId: proAccounts.phcClientId,
};

/** Accounts by name, with their numbers of users and rules; `q` searches name, fiscal name, NIF and ERP id. */
export async function listProAccounts(options: { q?: string; page?: number } = {}): Promise<{ items: ProAccountSummary[]; total: number }> {
  const db = await getDb();
  const q = options.q?.trim().slice(0, 100);
  const where = q
    ? or(ilike(proAccounts.name, `%${escapeLike(q)}%`), ilike(proAccounts.fiscalName, `%${escapeLike(q)}%`), like(proAccounts.nif, `%${escapeLike(q.replace(/\s+/g, ''))}%`), ilike(proAccounts.phcClientId, `%${escapeLike(q)}%`))
    : undefined;
  const page = Math.max(1, options.page ?? 1);
  const [rows, [totalRow]] = await Promise.all([
    db
      .select({
        ...accountIdentityColumns,
        createdAt: proAccounts.createdAt,
        users: sql<number>`(select count(*)::int from ${users} u where u.pro_account_id = "pro_accounts"."id")`,
        rules: sql<number>`(select count(*)::int from ${priceRules} r where r.account_id = "pro_accounts"."id")`,
      })
      .from(proAccounts)
      .where(where)
      .orderBy(asc(proAccounts.name), asc(proAccounts.id))
      .limit(ACCOUNT_PAGE_SIZE)
      .offset((page - 1) * ACCOUNT_PAGE_SIZE),
    db.select({ n: count() }).from(proAccounts).where(where),
  ]);
  return { items: rows.map((r) => ({ ...r, users: Number(r.users), rules: Number(r.rules), createdAt: r.createdAt.toISOString() })), total: totalRow?.n ?? 0 };
}

export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Every account as an option of a select (id, name, NIF), by name. */
export async function listAccountOptions(): Promise<{ id: number; name: string; nif: string | null }[]> {
  const db = await getDb();
  return db.select({ id: proAccounts.id, name: proAccounts.name, nif: proAccounts.nif }).from(proAccounts).orderBy(asc(proAccounts.name)).limit(2000);
}

export async function getProAccount(id: number, db?: DbOrTx): Promise<ProAccountDetail | null> {
  const conn = db ?? (await getDb());
  const [account] = await conn
    .select({
      ...accountIdentityColumns,
      address: proAccounts.address,
      postalCode: proAccounts.postalCode,
      city: proAccounts.city,
      version: proAccounts.version,
      createdAt: proAccounts.createdAt,
    })
    .from(proAccounts)
    .where(eq(proAccounts.id, id));
  if (!account) return null;
  const [members, rules, sameNif] = await Promise.all([
    conn.select({ id: users.id, email: users.email, name: users.name, fullName: users.fullName, userType: users.userType, disabledAt: users.disabledAt }).from(users).where(eq(users.proAccountId, id)).orderBy(asc(users.email)),
    conn
      .select({ id: priceRules.id, discountGroup: priceRules.discountGroup, discountPercentage: priceRules.discountPercentage, validFrom: priceRules.validFrom, validTo: priceRules.validTo })
      .from(priceRules)
      .where(eq(priceRules.accountId, id))
      .orderBy(asc(priceRules.discountGroup), asc(priceRules.validFrom), asc(priceRules.id)),
    account.nif ? conn.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).where(and(eq(proAccounts.nif, account.nif), sql`${proAccounts.id} <> ${id}`)) : Promise.resolve([]),
  ]);
  return {
    ...account,
    createdAt: account.createdAt.toISOString(),
    users: members.map((m) => ({ id: m.id, email: m.email, name: m.fullName || m.name, userType: m.userType, disabled: m.disabledAt !== null })),
    rules,
    sameNif,
  };
}

/** The account's editable fields as the form and the audit log see them. */
function snapshotOf(a: { name: string; fiscalName: string | null; nif: string | null; phcClientId: string | null; address: string | null; postalCode: string | null; city: string | null }) {
  return { name: a.name, fiscalName: a.fiscalName, nif: a.nif, phcClientId: a.phcClientId, address: a.address, postalCode: a.postalCode, city: a.city };
}

/** Accounts holding this NIF (duplicates are flagged, not refused: a group may have branches). */
export async function accountsWithNif(nif: string, db?: DbOrTx): Promise<{ id: number; name: string }[]> {
  const conn = db ?? (await getDb());
  return conn.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.nif, nif)).orderBy(asc(proAccounts.id));
}

/** Creates an account (inside `tx` when given) with its audit entry. */
export async function createProAccount(input: ProAccountInput, actor: AuditActor, tx?: Tx): Promise<number> {
  const run = async (t: Tx) => {
    const [row] = await t.insert(proAccounts).values(snapshotOf(input)).returning({ id: proAccounts.id });
    await recordAudit(t, { actor, entity: ACCOUNT_ENTITY, entityId: row!.id, action: 'create', summary: `Conta profissional '${input.name}' criada`, after: snapshotOf(input) });
    return row!.id;
  };
  if (tx) return run(tx);
  return (await getDb()).transaction(run);
}

/** Saves the account's fields over the version the form loaded; the badge text of its users follows the name. */
export async function updateProAccount(id: number, version: number, input: ProAccountInput, actor: AuditActor): Promise<{ version: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(proAccounts).where(eq(proAccounts.id, id)).for('update');
    if (!current) throw new AppError({ code: 'not_found', key: 'Admin.People.accountNotFound' });
    assertVersion(version, current.version, () => snapshotOf(current));
    const [saved] = await tx
      .update(proAccounts)
      .set({ ...snapshotOf(input), version: sql`${proAccounts.version} + 1`, updatedAt: new Date() })
      .where(eq(proAccounts.id, id))
      .returning({ version: proAccounts.version });
    await recordAudit(tx, { actor, entity: ACCOUNT_ENTITY, entityId: id, action: 'update', before: snapshotOf(current), after: snapshotOf(input) });
    if (current.name !== input.name) {
      const members = await tx.update(users).set({ accountName: input.name, updatedAt: new Date() }).where(eq(users.proAccountId, id)).returning({ id: users.id });
      await invalidateCache(members.map((m) => pricingTags.user(m.id)), { reason: 'pro-account-name', db: tx });
      await forgetCachedSessions(members.map((m) => m.id));
    }
    return { version: saved!.version };
  });
}

/** The company of an account as its users' checkout bills it: fiscal name (else the account's name), NIF and address. */
export interface AccountBilling {
  name: string;
  nif: string | null;
  line1: string | null;
  postalCode: string | null;
  locality: string | null;
}

function billingOf(a: { name: string; fiscalName: string | null; nif: string | null; address: string | null; postalCode: string | null; city: string | null }): AccountBilling {
  return { name: a.fiscalName?.trim() || a.name, nif: a.nif, line1: a.address?.trim() || null, postalCode: a.postalCode?.trim() || null, locality: a.city?.trim() || null };
}

/** The billing data of the account a user buys for (null: not a professional of an account). */
export async function getAccountBillingForUser(userId: string, db?: DbOrTx): Promise<AccountBilling | null> {
  const conn = db ?? (await getDb());
  const [row] = await conn
    .select({ name: proAccounts.name, fiscalName: proAccounts.fiscalName, nif: proAccounts.nif, address: proAccounts.address, postalCode: proAccounts.postalCode, city: proAccounts.city })
    .from(users)
    .innerJoin(proAccounts, eq(proAccounts.id, users.proAccountId))
    .where(eq(users.id, userId));
  return row ? billingOf(row) : null;
}

/**
 * The account's company as the user's default billing address (a professional's
 * checkout bills the company, NIF and address entered at approval, not the person's name), when
 * the account has a whole address (street, a postal code NNNN-NNN, locality). An address the user
 * already has with the same name, NIF and street becomes the default instead of a copy. Returns
 * whether the user now bills the company by default.
 */
export async function giveAccountBillingAddress(tx: Tx, accountId: number, userId: string): Promise<boolean> {
  const [account] = await tx
    .select({ name: proAccounts.name, fiscalName: proAccounts.fiscalName, nif: proAccounts.nif, address: proAccounts.address, postalCode: proAccounts.postalCode, city: proAccounts.city })
    .from(proAccounts)
    .where(eq(proAccounts.id, accountId));
  if (!account) return false;
  const billing = billingOf(account);
  if (!billing.line1 || !billing.locality || !billing.postalCode || !POSTAL_CODE_PT.test(billing.postalCode)) return false;
  const [same] = await tx
    .select({ id: addresses.id })
    .from(addresses)
    .where(and(eq(addresses.userId, userId), eq(addresses.name, billing.name), eq(addresses.line1, billing.line1), billing.nif ? eq(addresses.nif, billing.nif) : sql`${addresses.nif} is null`));
  await tx.update(addresses).set({ isDefaultBilling: false }).where(and(eq(addresses.userId, userId), eq(addresses.isDefaultBilling, true)));
  if (same) {
    await tx.update(addresses).set({ isDefaultBilling: true, updatedAt: new Date() }).where(eq(addresses.id, same.id));
  } else {
    await tx.insert(addresses).values({
      userId,
      label: `Faturação — ${account.name}`.slice(0, 60),
      name: billing.name,
      nif: billing.nif,
      line1: billing.line1,
      postalCode: billing.postalCode,
      locality: billing.locality,
      country: 'PT',
      isDefaultBilling: true,
      isDefaultDelivery: false,
    });
  }
  return true;
}

/** Links a user to an account as a professional (type pro, badge = account name; the company as default billing address). */
export async function attachUserToAccount(tx: Tx, accountId: number, userId: string, actor: AuditActor): Promise<void> {
  const [account] = await tx.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, accountId));
  if (!account) throw new AppError({ code: 'not_found', key: 'Admin.People.accountNotFound' });
  const [before] = await tx.select({ proAccountId: users.proAccountId, userType: users.userType, accountName: users.accountName }).from(users).where(eq(users.id, userId)).for('update');
  if (!before) throw new AppError({ code: 'not_found', key: 'Admin.People.userNotFound' });
  const after = { proAccountId: accountId, userType: 'pro' as const, accountName: account.name };
  await tx.update(users).set({ ...after, updatedAt: new Date() }).where(eq(users.id, userId));
  const billed = await giveAccountBillingAddress(tx, accountId, userId);
  await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: userId, action: 'update', summary: `Ligado à conta '${account.name}'${billed ? ' (faturação: a morada da conta)' : ''}`, before, after });
  const tags = [pricingTags.user(userId)];
  if (before.proAccountId && before.proAccountId !== accountId) tags.push(pricingTags.account(before.proAccountId));
  await invalidateCache(tags, { reason: 'pro-account-user', db: tx });
  await forgetCachedSessions([userId]);
}

/** Links the user with this e-mail to the account. */
export async function attachUserByEmail(accountId: number, email: string, actor: AuditActor): Promise<string> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email.toLowerCase()));
    if (!user) throw new AppError({ code: 'not_found', key: 'Admin.People.userNotFound' });
    await attachUserToAccount(tx, accountId, user.id, actor);
    return user.id;
  });
}

/** Takes a user out of the account: a private customer again, with net prices. */
export async function detachUserFromAccount(accountId: number, userId: string, actor: AuditActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select({ proAccountId: users.proAccountId, userType: users.userType, accountName: users.accountName }).from(users).where(and(eq(users.id, userId), eq(users.proAccountId, accountId))).for('update');
    if (!before) throw new AppError({ code: 'not_found', key: 'Admin.People.userNotFound' });
    const after = { proAccountId: null, userType: 'particular' as const, accountName: null };
    await tx.update(users).set({ ...after, updatedAt: new Date() }).where(eq(users.id, userId));
    await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: userId, action: 'update', summary: 'Retirado da conta profissional', before, after });
    await recordAudit(tx, { actor, entity: ACCOUNT_ENTITY, entityId: accountId, action: 'other', summary: `Utilizador ${userId} retirado da conta` });
    await invalidateCache([pricingTags.user(userId)], { reason: 'pro-account-user', db: tx });
    await forgetCachedSessions([userId]);
  });
}

export interface RuleInput {
  discountGroup: string;
  discountPercentage: string;
  validFrom: string | null;
  validTo: string | null;
}

const ruleSnapshot = (r: RuleInput) => ({ discountGroup: r.discountGroup, discountPercentage: r.discountPercentage, validFrom: r.validFrom, validTo: r.validTo });

async function lockAccount(tx: Tx, accountId: number): Promise<{ id: number; name: string }> {
  const [account] = await tx.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, accountId)).for('update');
  if (!account) throw new AppError({ code: 'not_found', key: 'Admin.People.accountNotFound' });
  return account;
}

/** Adds (ruleId null) or changes a rule of the account; its users' prices are recomputed. */
export async function savePriceRule(accountId: number, ruleId: number | null, rule: RuleInput, actor: AuditActor): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    let id: number;
    if (ruleId === null) {
      const [row] = await tx.insert(priceRules).values({ accountId, ...ruleSnapshot(rule) }).returning({ id: priceRules.id });
      id = row!.id;
      await recordAudit(tx, { actor, entity: ACCOUNT_ENTITY, entityId: accountId, action: 'create', summary: `Regra de preço ${rule.discountGroup} ${rule.discountPercentage} % criada`, after: ruleSnapshot(rule) });
    } else {
      const [before] = await tx.select().from(priceRules).where(and(eq(priceRules.id, ruleId), eq(priceRules.accountId, accountId)));
      if (!before) throw new AppError({ code: 'not_found', key: 'Admin.People.ruleNotFound' });
      await tx.update(priceRules).set({ ...ruleSnapshot(rule), updatedAt: new Date() }).where(eq(priceRules.id, ruleId));
      id = ruleId;
      await recordAudit(tx, { actor, entity: ACCOUNT_ENTITY, entityId: accountId, action: 'update', summary: `Regra de preço ${rule.discountGroup} alterada`, before: ruleSnapshot(before), after: ruleSnapshot(rule) });
    }
    await tx.update(proAccounts).set({ updatedAt: new Date() }).where(eq(proAccounts.id, accountId));
    await invalidateCache([pricingTags.account(accountId)], { reason: 'price-rules', db: tx });
    return id;
  });
}

export async function removePriceRule(accountId: number, ruleId: number, actor: AuditActor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockAccount(tx, accountId);
    const [removed] = await tx.delete(priceRules).where(and(eq(priceRules.id, ruleId), eq(priceRules.accountId, accountId))).returning();
    if (!removed) throw new AppError({ code: 'not_found', key: 'Admin.People.ruleNotFound' });
    await recordAudit(tx, { actor, entity: ACCOUNT_ENTITY, entityId: accountId, action: 'delete', summary: `Regra de preço ${removed.discountGroup} removida`, before: ruleSnapshot(removed) });
    await invalidateCache([pricingTags.account(accountId)], { reason: 'price-rules', db: tx });
  });
}

/**
 * The catalogue's discount groups with their numbers of models (`inventory_products`), and how
 * many models have no group (no rule can reach them): what the approval screen shows each
 * profile's rules covering.
 */
export async function listCatalogueGroups(db?: DbOrTx): Promise<{ groups: CatalogueGroup[]; withoutGroup: number }> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({ group: inventoryProducts.discountGroup, models: count() })
    .from(inventoryProducts)
    .groupBy(inventoryProducts.discountGroup);
  let withoutGroup = 0;
  const groups: CatalogueGroup[] = [];
  for (const r of rows) {
    const group = r.group?.trim();
    if (group) groups.push({ group, models: Number(r.models) });
    else withoutGroup += Number(r.models);
  }
  return { groups: groups.sort((a, b) => a.group.localeCompare(b.group, 'pt', { numeric: true })), withoutGroup };
}

/** A percentage the approver gave to groups a profile does not reach (`prefix`: their first character). */
export interface ExtraTier {
  prefix: string;
  percentage: string;
}

/**
 * Gives the account a starting set of rules: a named profile (lib/admin/discount-profiles.ts),
 * with the percentages the approver gave to the catalogue's groups the profile does not reach
 * (`extraTiers`), one rule per existing group of each tier (a tier with no group in the catalogue
 * still gets its own rule, so the profile holds when such groups arrive); or a copy of another
 * account's rules. A profile that would leave any group of the catalogue without a rule is
 * refused, naming the groups, rather than leaving them at 0 % without a word. Rules the account already
 * has for those groups are replaced. Returns the count.
 */
export async function applyStartingRules(tx: Tx, accountId: number, source: { profile: string; copyFromAccountId: number | null; extraTiers?: readonly ExtraTier[] }, actor: AuditActor): Promise<number> {
  let rules: RuleInput[] = [];
  let label: string;
  if (source.profile === 'copy') {
    if (!source.copyFromAccountId) throw new AppError({ code: 'bad_request', key: 'Admin.People.accountNotFound' });
    const [from] = await tx.select({ name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, source.copyFromAccountId));
    if (!from) throw new AppError({ code: 'not_found', key: 'Admin.People.accountNotFound' });
    rules = (await tx.select().from(priceRules).where(eq(priceRules.accountId, source.copyFromAccountId)).orderBy(asc(priceRules.id))).map(ruleSnapshot);
    label = `copiadas da conta '${from.name}'`;
  } else if (source.profile === 'none' || source.profile === '') {
    return 0;
  } else {
    const profile = discountProfile(source.profile);
    if (!profile) throw new AppError({ code: 'bad_request', key: 'Admin.People.profileUnknown' });
    // "Sem desconto inicial": no rule, chosen knowingly.
    if (profile.tiers.length === 0) return 0;
    const { groups } = await listCatalogueGroups(tx);
    // The approver's percentages count only for groups the profile leaves out.
    const left = new Set(profileCoverage(profile.tiers, groups).missing.map((m) => m.prefix));
    const extra = (source.extraTiers ?? []).filter((t) => left.has(t.prefix.toUpperCase()));
    const coverage = profileCoverage([...profile.tiers, ...extra], groups);
    if (coverage.missing.length) {
      const names = coverage.missing.map((m) => m.prefix).join(', ');
      throw new AppError({
        code: 'bad_request',
        key: 'Admin.People.requests.groupsUncovered',
        values: { groups: names },
        fieldErrors: { extraPercentage: ['Admin.People.validation.groupPercentage'] },
        data: { missing: coverage.missing },
      });
    }
    const seen = new Set<string>();
    for (const tier of coverage.tiers) {
      for (const g of tier.groups.length ? tier.groups : [tier.prefix]) {
        if (seen.has(g.toUpperCase())) continue;
        seen.add(g.toUpperCase());
        rules.push({ discountGroup: g, discountPercentage: tier.percentage, validFrom: null, validTo: null });
      }
    }
    label = `perfil '${profile.name}'${extra.length ? `; ${extra.map((t) => `grupos ${t.prefix.toUpperCase()} ${t.percentage} %`).join(', ')} indicados na aprovação` : ''}`;
  }
  if (rules.length === 0) return 0;
  await tx.delete(priceRules).where(and(eq(priceRules.accountId, accountId), inArray(priceRules.discountGroup, [...new Set(rules.map((r) => r.discountGroup))])));
  await tx.insert(priceRules).values(rules.map((r) => ({ accountId, ...r })));
  await recordAudit(tx, { actor, entity: ACCOUNT_ENTITY, entityId: accountId, action: 'bulk', summary: `${rules.length} regras de preço aplicadas (${label})` });
  await invalidateCache([pricingTags.account(accountId)], { reason: 'price-rules', db: tx });
  return rules.length;
}

/** Newest accounts first, for pickers that want recent ones. */
export async function recentAccounts(limit = 10): Promise<{ id: number; name: string }[]> {
  const db = await getDb();
  return db.select({ id: proAccounts.id, name: proAccounts.name }).from(proAccounts).orderBy(desc(proAccounts.createdAt)).limit(limit);
}
