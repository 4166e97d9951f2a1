import 'server-only';
import type { UserRow } from '@/lib/admin/people';
export type { UserRow } from '@/lib/admin/people';
import { randomBytes } from 'node:crypto';
import { and, asc, count, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { env } from '@/lib/env';
import { isStaff, type Role } from '@/lib/auth/permissions';
import type { Viewer } from '@/lib/auth/viewer';
import { recordAudit } from '@/server/admin/audit';
import { AppError } from '@/server/errors';
import { hashIp } from '@/server/security/hash-ip';
import { resetPasswordMail } from '@/server/auth/emails';
import { userIdentity, userIdentityColumns } from '@/server/auth/users';
import { invalidateCache } from '@/server/cache/invalidate';
import { getDb, type Tx } from '@/server/db/client';
import { proAccounts, sessions, users } from '@/server/db/schema';
import { sendMail } from '@/server/mail/send';
import { pricingTags } from '@/server/pricing';
import { escapeLike, attachUserToAccount } from '@/server/pro-accounts/accounts';
import { createPasswordToken, invitationMail } from './mails';
import { forgetCachedSessions } from '@/server/redis/sessions';

/**
 * Users and roles in the admin area. The role (viewer = customer / reader / editor / admin) needs
 * `manage_users` (the actions check it); the admin flag needs the admin flag, and the last active
 * administrator never loses it (nor is disabled). Disabling deletes the user's sessions in the same
 * transaction, and better-auth refuses new ones (server/auth/auth.ts); session lookups reject a
 * disabled user (server/auth/session.ts). Every change is audited.
 */

export const USER_ENTITY = 'user';
export const USER_PAGE_SIZE = 25;

type Actor = Pick<Viewer, 'id' | 'email' | 'displayName' | 'isAdmin'>;

export interface UserListFilters {
  q?: string;
  role?: Role | null;
  type?: 'particular' | 'pro' | null;
  admin?: boolean | null;
  disabled?: boolean | null;
  /** 'never': never signed in; '30d': signed in within 30 days; 'stale': not within 30 days. */
  login?: 'never' | '30d' | 'stale' | null;
  page?: number;
}


/** The columns a UserRow is read from (the list and the detail page). */
const userRowColumns = {
  ...userIdentityColumns,
  accountId: users.proAccountId,
  accountName: proAccounts.name,
  createdAt: users.createdAt,
  lastLoginAt: users.lastLoginAt,
  disabledAt: users.disabledAt,
};

function toUserRow(r: {
  id: string;
  email: string;
  name: string;
  fullName: string | null;
  role: string;
  isAdmin: boolean;
  userType: UserRow['userType'];
  accountId: number | null;
  accountName: string | null;
  createdAt: Date;
  lastLoginAt: Date | null;
  disabledAt: Date | null;
}): UserRow {
  return {
    ...userIdentity(r),
    accountId: r.accountId,
    accountName: r.accountName,
    createdAt: r.createdAt.toISOString(),
    lastLogin: r.lastLoginAt?.toISOString() ?? null,
    disabled: r.disabledAt !== null,
  };
}

export async function listUsers(filters: UserListFilters = {}): Promise<{ items: UserRow[]; total: number }> {
  const db = await getDb();
  const where: SQL[] = [];
  const q = filters.q?.trim().slice(0, 100);
  if (q) where.push(or(ilike(users.email, `%${escapeLike(q)}%`), ilike(users.name, `%${escapeLike(q)}%`), ilike(users.fullName, `%${escapeLike(q)}%`))!);
  if (filters.role) where.push(eq(users.role, filters.role));
  if (filters.type) where.push(eq(users.userType, filters.type));
  if (filters.admin !== undefined && filters.admin !== null) where.push(eq(users.isAdmin, filters.admin));
  if (filters.disabled === true) where.push(isNotNull(users.disabledAt));
  if (filters.disabled === false) where.push(isNull(users.disabledAt));
  const monthAgo = new Date(Date.now() - 30 * 86_400_000);
  if (filters.login === 'never') where.push(isNull(users.lastLoginAt));
  if (filters.login === '30d') where.push(sql`${users.lastLoginAt} >= ${monthAgo}`);
  if (filters.login === 'stale') where.push(lt(users.lastLoginAt, monthAgo));
  const condition = where.length ? and(...where) : undefined;
  const page = Math.max(1, filters.page ?? 1);
  const [rows, [total]] = await Promise.all([
    db
      .select(userRowColumns)
      .from(users)
      .leftJoin(proAccounts, eq(proAccounts.id, users.proAccountId))
      .where(condition)
      .orderBy(asc(users.email))
      .limit(USER_PAGE_SIZE)
      .offset((page - 1) * USER_PAGE_SIZE),
    db.select({ n: count() }).from(users).where(condition),
  ]);
  return {
    items: rows.map(toUserRow),
    total: total?.n ?? 0,
  };
}

export interface SessionView {
  id: string;
  createdAt: string;
  /** When it was last renewed (better-auth refreshes it once a day while used). */
  lastUsedAt: string;
  expiresAt: string;
  /** A short hash of the IP (never the IP itself). */
  ipHash: string | null;
  userAgent: string | null;
}

export interface UserDetail extends UserRow {
  emailVerified: boolean;
  phoneNumber: string | null;
  companyName: string | null;
  disabledAt: string | null;
  sessions: SessionView[];
}

export async function getUserDetail(id: string): Promise<UserDetail | null> {
  const db = await getDb();
  const [r] = await db
    .select({
      ...userRowColumns,
      emailVerified: users.emailVerified,
      phoneNumber: users.phoneNumber,
      companyName: users.companyName,
    })
    .from(users)
    .leftJoin(proAccounts, eq(proAccounts.id, users.proAccountId))
    .where(eq(users.id, id));
  if (!r) return null;
  return {
    ...toUserRow(r),
    disabledAt: r.disabledAt?.toISOString() ?? null,
    emailVerified: r.emailVerified,
    phoneNumber: r.phoneNumber,
    companyName: r.companyName,
    sessions: await listUserSessions(id),
  };
}

/** The user's live sessions, most recently used first (no token ever leaves this function). */
export async function listUserSessions(userId: string): Promise<SessionView[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: sessions.id, createdAt: sessions.createdAt, updatedAt: sessions.updatedAt, expiresAt: sessions.expiresAt, ipAddress: sessions.ipAddress, userAgent: sessions.userAgent })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
    .orderBy(desc(sessions.updatedAt));
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.createdAt.toISOString(),
    lastUsedAt: s.updatedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    ipHash: s.ipAddress ? (hashIp(s.ipAddress)?.slice(0, 12) ?? null) : null,
    userAgent: s.userAgent ? s.userAgent.slice(0, 200) : null,
  }));
}

async function lockUser(tx: Tx, userId: string) {
  const [u] = await tx
    .select({ id: users.id, email: users.email, role: users.role, isAdmin: users.isAdmin, disabledAt: users.disabledAt, name: users.name, fullName: users.fullName })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (!u) throw new AppError({ code: 'not_found', key: 'Admin.People.userNotFound' });
  return u;
}

/** The active administrators, locked (so two staff removing two admins at once cannot leave none). */
async function lockActiveAdmins(tx: Tx): Promise<string[]> {
  const rows = await tx.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), isNull(users.disabledAt))).orderBy(asc(users.id)).for('update');
  return rows.map((r) => r.id);
}

export async function setUserRole(userId: string, role: Role, actor: Actor): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    // The role of an administrator (flag) is changed by administrators only.
    if (u.isAdmin && !actor.isAdmin) throw new AppError({ code: 'forbidden', key: 'Admin.People.users.adminOnly' });
    if (u.role === role) return;
    await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
    await forgetCachedSessions([userId]);
    await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: userId, action: 'update', summary: 'Função alterada', before: { role: u.role }, after: { role } });
  });
}

/** The admin flag: only holders of the flag may change it; the last active administrator keeps it. */
export async function setAdminFlag(userId: string, isAdmin: boolean, actor: Actor): Promise<void> {
  if (!actor.isAdmin) throw new AppError({ code: 'forbidden', key: 'Admin.People.users.adminOnly' });
  const db = await getDb();
  await db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const u = await lockUser(tx, userId);
    if (u.isAdmin === isAdmin) return;
    if (!isAdmin && admins.includes(userId) && admins.length <= 1) throw new AppError({ code: 'conflict', key: 'Admin.People.users.lastAdmin' });
    await tx.update(users).set({ isAdmin, updatedAt: new Date() }).where(eq(users.id, userId));
    await forgetCachedSessions([userId]);
    await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: userId, action: 'update', summary: isAdmin ? 'Marca de administrador dada' : 'Marca de administrador retirada', before: { isAdmin: u.isAdmin }, after: { isAdmin } });
    await invalidateCache([pricingTags.user(userId)], { reason: 'user-admin-flag', db: tx });
  });
}

/** Disables (sessions deleted at once, sign-in refused) or enables a user. */
export async function setUserDisabled(userId: string, disabled: boolean, actor: Actor): Promise<{ sessionsEnded: number }> {
  if (disabled && userId === actor.id) throw new AppError({ code: 'conflict', key: 'Admin.People.users.notSelf' });
  const db = await getDb();
  return db.transaction(async (tx) => {
    const admins = await lockActiveAdmins(tx);
    const u = await lockUser(tx, userId);
    if (u.isAdmin && !actor.isAdmin) throw new AppError({ code: 'forbidden', key: 'Admin.People.users.adminOnly' });
    if ((u.disabledAt !== null) === disabled) return { sessionsEnded: 0 };
    if (disabled && admins.includes(userId) && admins.length <= 1) throw new AppError({ code: 'conflict', key: 'Admin.People.users.lastAdmin' });
    const at = disabled ? new Date() : null;
    await tx.update(users).set({ disabledAt: at, updatedAt: new Date() }).where(eq(users.id, userId));
    const ended = disabled ? await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }) : [];
    // Sessions cached in Redis go too (they carry the user; server/redis/sessions.ts).
    await forgetCachedSessions([userId]);
    await recordAudit(tx, {
      actor,
      entity: USER_ENTITY,
      entityId: userId,
      action: disabled ? 'deactivate' : 'update',
      summary: disabled ? `Utilizador desativado (${ended.length} sessões terminadas)` : 'Utilizador reativado',
      before: { disabled: u.disabledAt !== null },
      after: { disabled },
    });
    return { sessionsEnded: ended.length };
  });
}

/** Ends one session of the user (or all of them when `sessionId` is null). */
export async function endUserSessions(userId: string, sessionId: string | null, actor: Actor): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const u = await lockUser(tx, userId);
    if (u.isAdmin && !actor.isAdmin && u.id !== actor.id) throw new AppError({ code: 'forbidden', key: 'Admin.People.users.adminOnly' });
    const ended = await tx
      .delete(sessions)
      .where(sessionId ? and(eq(sessions.userId, userId), eq(sessions.id, sessionId)) : eq(sessions.userId, userId))
      .returning({ id: sessions.id });
    if (sessionId && ended.length === 0) throw new AppError({ code: 'not_found', key: 'Admin.People.users.sessionNotFound' });
    await forgetCachedSessions([userId]);
    await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: userId, action: 'other', summary: sessionId ? 'Sessão terminada' : `Todas as sessões terminadas (${ended.length})` });
    return ended.length;
  });
}

/** Mails the user a one-time link to set a new password (better-auth's reset token). */
export async function sendPasswordResetLink(userId: string, actor: Actor): Promise<{ mailed: boolean }> {
  const db = await getDb();
  const u = await db.transaction(async (tx) => {
    const row = await lockUser(tx, userId);
    if (row.isAdmin && !actor.isAdmin && row.id !== actor.id) throw new AppError({ code: 'forbidden', key: 'Admin.People.users.adminOnly' });
    if (row.disabledAt) throw new AppError({ code: 'conflict', key: 'Admin.People.users.isDisabled' });
    const token = await createPasswordToken(tx, userId, env().AUTH_RESET_LINK_TTL_SECONDS);
    await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: userId, action: 'other', summary: 'Link para definir password enviado' });
    return { ...row, token };
  });
  const sent = await sendMail(resetPasswordMail(u.email, u.fullName || u.name, u.token));
  return { mailed: sent.status !== 'failed' };
}

export interface CreateUserInput {
  email: string;
  fullName: string;
  role: Role;
  userType: 'particular' | 'pro';
  accountId: number | null;
}

/**
 * Creates a staff or customer user without a password and mails an invitation to set one. A role
 * above viewer (staff) needs nothing more than `manage_users`; the admin flag is never given here.
 */
export async function createUser(input: CreateUserInput, actor: Actor): Promise<{ userId: string; mailed: boolean }> {
  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(sql`lower(${users.email})`, email));
    if (existing) throw new AppError({ code: 'conflict', key: 'Admin.People.users.emailTaken', fieldErrors: { email: ['Admin.People.users.emailTaken'] } });
    const id = randomBytes(16).toString('base64url');
    await tx.insert(users).values({ id, name: input.fullName, email, emailVerified: false, fullName: input.fullName, role: input.role, isAdmin: false, userType: input.userType === 'pro' && !input.accountId ? 'pro' : 'particular' });
    await recordAudit(tx, { actor, entity: USER_ENTITY, entityId: id, action: 'create', summary: 'Utilizador criado e convidado', after: { email, fullName: input.fullName, role: input.role, userType: input.userType } });
    if (input.accountId) await attachUserToAccount(tx, input.accountId, id, actor);
    const token = await createPasswordToken(tx, id);
    return { id, token };
  });
  const sent = await sendMail(invitationMail({ to: email, name: input.fullName, token: created.token, staff: isStaff({ role: input.role, isAdmin: false }) }));
  return { userId: created.id, mailed: sent.status !== 'failed' };
}
