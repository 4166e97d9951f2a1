import 'server-only';
import type { AccessRequestSummary } from '@/lib/admin/people';
export type { AccessRequestSummary } from '@/lib/admin/people';
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { ApproveRequestInput } from '@/lib/validation/people';
import { isValidNif, normaliseNif } from '@/lib/validation/nif';
import { recordAudit, type AuditActor } from '@/server/admin/audit';
import { AppError } from '@/server/errors';
import { getDb, type DbOrTx } from '@/server/db/client';
import { accessRequests, proAccounts, users } from '@/server/db/schema';
import { enqueue, getJobs, JOB_QUEUES, wakeJobWorker } from '@/server/jobs';
import { createPasswordToken } from '@/server/people/mails';
import { accountsWithNif, applyStartingRules, attachUserToAccount, createProAccount } from './accounts';

/**
 * Access requests in the admin area: the list (pending first, oldest of them on top),
 * one request with what approving it would meet (accounts with the same NIF, the user with the
 * same e-mail), and its one-time handling. Approve and reject lock the request row
 * (`SELECT … FOR UPDATE`) and go on only while it is pending: of two staff handling it at once one
 * wins, the other is told who handled it. The answer to the requester is a job enqueued in the same
 * transaction (server/pro-accounts/mails-job.ts), sent once after the commit and retried.
 */

export const REQUEST_ENTITY = 'access_request';
export const REQUEST_PAGE_SIZE = 25;


export interface AccessRequestDetail extends AccessRequestSummary {
  phone: string | null;
  message: string | null;
  rejectionReason: string | null;
  accountId: number | null;
  accountName: string | null;
  /** The NIF as typed, normalised, and whether its check digit holds. */
  nif: string;
  nifValid: boolean;
  /** Accounts that already hold this NIF (approve into one of them, or create a duplicate knowingly). */
  sameNif: { id: number; name: string }[];
  /** The shop account that was signed in when the request was sent (its login e-mail and name), if any. */
  sender: RequestUser | null;
  /** The shop account whose login e-mail is the one written in the request, if any. */
  byEmail: RequestUser | null;
  /** A request sent from a signed-in account whose login e-mail is not the e-mail written in it. */
  emailMismatch: boolean;
  /** What approving may attach (`attachUser` of the approval): see `attachChoices`. */
  attachChoices: AttachChoice[];
}

/** A user an approval may give the access to. */
export interface RequestUser {
  id: string;
  email: string;
  name: string;
  userType: string;
  accountId: number | null;
  accountName: string | null;
}

/**
 * The choices of `attachUser`: a candidate's user id (`sender`, `email`: the account with the
 * request's e-mail — the same id twice is one choice, `sender`), `invite` (a new user at the
 * request's e-mail, offered only when no account has it) and `none` (the account without a user).
 */
export type AttachChoice = { value: string; kind: 'sender' | 'email' | 'invite' | 'none' };

export async function listAccessRequests(options: { status?: 'pending' | 'approved' | 'rejected' | null; page?: number } = {}): Promise<{ items: AccessRequestSummary[]; total: number; pending: number }> {
  const db = await getDb();
  const where = options.status ? eq(accessRequests.status, options.status) : undefined;
  const page = Math.max(1, options.page ?? 1);
  const [rows, [total], [pending]] = await Promise.all([
    db
      .select({
        id: accessRequests.id,
        companyName: accessRequests.companyName,
        fiscalNumber: accessRequests.fiscalNumber,
        contactName: accessRequests.contactName,
        email: accessRequests.email,
        typology: accessRequests.typology,
        status: accessRequests.status,
        createdAt: accessRequests.createdAt,
        handledAt: accessRequests.handledAt,
        handledByName: accessRequests.handledByName,
      })
      .from(accessRequests)
      .where(where)
      // Pending first, the oldest of them on top; then the handled ones, newest first.
      .orderBy(sql`case when ${accessRequests.status} = 'pending' then 0 else 1 end`, sql`case when ${accessRequests.status} = 'pending' then ${accessRequests.createdAt} end asc`, desc(accessRequests.createdAt), desc(accessRequests.id))
      .limit(REQUEST_PAGE_SIZE)
      .offset((page - 1) * REQUEST_PAGE_SIZE),
    db.select({ n: count() }).from(accessRequests).where(where),
    db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.status, 'pending')),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), handledAt: r.handledAt?.toISOString() ?? null })),
    total: total?.n ?? 0,
    pending: pending?.n ?? 0,
  };
}

const sameEmail = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * Who a request could give the access to: the account that sent it (signed in) and the account
 * whose login e-mail is the one written in it — two different people when the e-mails differ,
 * which staff must see and decide (a look-alike address is easy to miss).
 */
async function requestUsers(db: DbOrTx, r: { userId: string | null; email: string }): Promise<{ sender: RequestUser | null; byEmail: RequestUser | null }> {
  const cols = { id: users.id, email: users.email, fullName: users.fullName, name: users.name, userType: users.userType, accountId: users.proAccountId, accountName: users.accountName };
  const view = (u: { id: string; email: string; fullName: string | null; name: string; userType: string | null; accountId: number | null; accountName: string | null } | undefined): RequestUser | null =>
    u ? { id: u.id, email: u.email, name: u.fullName || u.name, userType: u.userType ?? 'particular', accountId: u.accountId, accountName: u.accountId ? u.accountName : null } : null;
  const [sender, byEmail] = await Promise.all([
    r.userId ? db.select(cols).from(users).where(eq(users.id, r.userId)).then((rows) => view(rows[0])) : Promise.resolve(null),
    db.select(cols).from(users).where(eq(sql`lower(${users.email})`, r.email.trim().toLowerCase())).then((rows) => view(rows[0])),
  ]);
  return { sender, byEmail };
}

/** The allowed values of `attachUser` for these candidates (the server checks the approval against them). */
export function attachChoices(candidates: { sender: RequestUser | null; byEmail: RequestUser | null }): AttachChoice[] {
  const { sender, byEmail } = candidates;
  const choices: AttachChoice[] = [];
  if (sender) choices.push({ value: sender.id, kind: 'sender' });
  if (byEmail && byEmail.id !== sender?.id) choices.push({ value: byEmail.id, kind: 'email' });
  if (!byEmail) choices.push({ value: 'invite', kind: 'invite' });
  choices.push({ value: 'none', kind: 'none' });
  return choices;
}

export async function getAccessRequest(id: number): Promise<AccessRequestDetail | null> {
  const db = await getDb();
  const [r] = await db.select().from(accessRequests).where(eq(accessRequests.id, id));
  if (!r) return null;
  const nif = normaliseNif(r.fiscalNumber);
  const [sameNif, candidates, account] = await Promise.all([
    accountsWithNif(nif, db),
    requestUsers(db, r),
    r.accountId ? db.select({ name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, r.accountId)).then((rows) => rows[0] ?? null) : Promise.resolve(null),
  ]);
  return {
    id: r.id,
    companyName: r.companyName,
    fiscalNumber: r.fiscalNumber,
    contactName: r.contactName,
    email: r.email,
    phone: r.phone,
    typology: r.typology,
    message: r.message,
    status: r.status,
    createdAt: r.createdAt.toISOString(),
    handledAt: r.handledAt?.toISOString() ?? null,
    handledByName: r.handledByName,
    rejectionReason: r.rejectionReason,
    accountId: r.accountId,
    accountName: account?.name ?? null,
    nif,
    nifValid: isValidNif(nif),
    sameNif,
    ...candidates,
    emailMismatch: candidates.sender !== null && !sameEmail(candidates.sender.email, r.email),
    attachChoices: attachChoices(candidates),
  };
}

type Handler = NonNullable<AuditActor>;

/** The approval's audit summary, by what staff chose to attach. */
const APPROVED_USER: Record<AttachChoice['kind'], string> = {
  sender: 'ligada a conta que enviou o pedido',
  email: 'ligada a conta com o email do pedido',
  invite: 'utilizador criado e convidado',
  none: 'sem utilizador ligado',
};

function alreadyHandled(r: { handledByName: string | null; status: string }): AppError {
  return new AppError({
    code: 'conflict',
    key: 'Admin.People.requests.alreadyHandled',
    values: { by: r.handledByName || 'outra pessoa' },
    data: { status: r.status, handledBy: r.handledByName },
  });
}

export interface ApproveOutcome {
  requestId: number;
  accountId: number;
  accountCreated: boolean;
  /** The user given the access (null: staff chose none). */
  userId: string | null;
  userCreated: boolean;
  rules: number;
  /** The answer's mail job was enqueued (sent by the worker after the commit). */
  mailQueued: boolean;
}

/**
 * Approves a pending request: into an existing account or a new one made from the request (NIF
 * checked; a NIF another account holds is refused unless `confirmDuplicate`), the user staff chose
 * (`attachUser`: the account that sent the request, the account with the request's e-mail, a new
 * user invited at that e-mail with a link to set a password, or none — checked against the
 * request's candidates, anything else is refused) linked with type pro, the starting rules
 * applied, the request marked approved — one transaction, every step audited. The answer's mail
 * is enqueued in the same transaction (to the user given the access, or the request's e-mail).
 */
export async function approveAccessRequest(input: Omit<ApproveRequestInput, 'confirmDuplicate' | 'extraPrefix' | 'extraPercentage'> & { confirmDuplicate?: boolean; extraPrefix?: string[]; extraPercentage?: string[] }, actor: Handler): Promise<ApproveOutcome> {
  await getJobs(); // before the transaction: on PGlite it holds the only connection
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [r] = await tx.select().from(accessRequests).where(eq(accessRequests.id, input.requestId)).for('update');
    if (!r) throw new AppError({ code: 'not_found', key: 'Admin.People.requests.notFound' });
    if (r.status !== 'pending') throw alreadyHandled(r);
    // Only what staff chose, and only one of this request's candidates (re-read under the lock).
    const candidates = await requestUsers(tx, r);
    const choice = attachChoices(candidates).find((c) => c.value === input.attachUser);
    if (!choice) {
      throw new AppError({ code: 'bad_request', key: 'Admin.People.requests.attachInvalid', fieldErrors: { attachUser: ['Admin.People.requests.attachInvalid'] } });
    }

    let accountId: number;
    let accountCreated = false;
    if (input.mode === 'existing') {
      const [account] = await tx.select({ id: proAccounts.id }).from(proAccounts).where(eq(proAccounts.id, input.accountId!));
      if (!account) throw new AppError({ code: 'not_found', key: 'Admin.People.accountNotFound' });
      accountId = account.id;
    } else {
      const nif = input.nif ?? normaliseNif(r.fiscalNumber);
      if (!isValidNif(nif)) throw new AppError({ code: 'bad_request', key: 'Admin.People.validation.nifInvalid', fieldErrors: { nif: ['Admin.People.validation.nifInvalid'] } });
      const same = await accountsWithNif(nif, tx);
      if (same.length && !input.confirmDuplicate) {
        throw new AppError({ code: 'conflict', key: 'Admin.People.requests.nifDuplicate', values: { names: same.map((a) => a.name).join(', ') }, data: { sameNif: same } });
      }
      accountId = await createProAccount(
        { name: input.name ?? r.companyName, fiscalName: input.fiscalName ?? r.companyName, nif, phcClientId: input.phcClientId, address: input.address, postalCode: input.postalCode, city: input.city },
        actor,
        tx,
      );
      accountCreated = true;
    }
    const [account] = await tx.select({ name: proAccounts.name }).from(proAccounts).where(eq(proAccounts.id, accountId));

    let user: { id: string } | null = choice.kind === 'sender' ? candidates.sender : choice.kind === 'email' ? candidates.byEmail : null;
    let token: string | null = null;
    let userCreated = false;
    if (choice.kind === 'invite') {
      const id = randomBytes(16).toString('base64url');
      const email = r.email.trim().toLowerCase();
      await tx.insert(users).values({
        id,
        name: r.contactName,
        email,
        emailVerified: false,
        fullName: r.contactName,
        phoneNumber: r.phone,
        companyName: r.companyName,
        fiscalNumber: normaliseNif(r.fiscalNumber),
        role: 'viewer',
        isAdmin: false,
        userType: 'pro',
      });
      await recordAudit(tx, { actor, entity: 'user', entityId: id, action: 'create', summary: `Utilizador criado a partir do pedido de acesso n.º ${r.id}`, after: { email, fullName: r.contactName, role: 'viewer', userType: 'pro' } });
      token = await createPasswordToken(tx, id);
      user = { id };
      userCreated = true;
    }
    if (user) await attachUserToAccount(tx, accountId, user.id, actor);
    const extraTiers = (input.extraPrefix ?? []).map((prefix, i) => ({ prefix, percentage: input.extraPercentage?.[i] ?? '' })).filter((t) => t.percentage !== '');
    const rules = await applyStartingRules(tx, accountId, { profile: input.profile, copyFromAccountId: input.copyFromAccountId, extraTiers }, actor);

    const now = new Date();
    await tx
      .update(accessRequests)
      .set({ status: 'approved', handledAt: now, handledById: actor.id, handledByName: actor.displayName, accountId, userId: user?.id ?? null, updatedAt: now })
      .where(and(eq(accessRequests.id, r.id), eq(accessRequests.status, 'pending')));
    await recordAudit(tx, {
      actor,
      entity: REQUEST_ENTITY,
      entityId: r.id,
      action: 'update',
      summary: `Pedido aprovado: conta '${account?.name}'${accountCreated ? ' (nova)' : ''}, ${APPROVED_USER[choice.kind]}, ${rules} regras`,
      before: { status: 'pending', accountId: null, userId: r.userId },
      after: { status: 'approved', accountId, userId: user?.id ?? null },
    });
    const job = await enqueue(tx, JOB_QUEUES.accessRequestMail, token ? { requestId: r.id, token } : { requestId: r.id }, { singletonKey: `access-request-mail:${r.id}` });
    return { request: r, accountId, accountCreated, userId: user?.id ?? null, userCreated, rules, mailQueued: job !== null };
  });
  wakeJobWorker();
  return {
    requestId: result.request.id,
    accountId: result.accountId,
    accountCreated: result.accountCreated,
    userId: result.userId,
    userCreated: result.userCreated,
    rules: result.rules,
    mailQueued: result.mailQueued,
  };
}

/** Rejects a pending request with a reason (kept, and told to the requester politely). */
export async function rejectAccessRequest(requestId: number, reason: string, actor: Handler): Promise<{ mailQueued: boolean }> {
  await getJobs();
  const db = await getDb();
  const queued = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(accessRequests).where(eq(accessRequests.id, requestId)).for('update');
    if (!row) throw new AppError({ code: 'not_found', key: 'Admin.People.requests.notFound' });
    if (row.status !== 'pending') throw alreadyHandled(row);
    const now = new Date();
    await tx
      .update(accessRequests)
      .set({ status: 'rejected', rejectionReason: reason, handledAt: now, handledById: actor.id, handledByName: actor.displayName, updatedAt: now })
      .where(eq(accessRequests.id, requestId));
    await recordAudit(tx, { actor, entity: REQUEST_ENTITY, entityId: requestId, action: 'update', summary: 'Pedido recusado', before: { status: 'pending' }, after: { status: 'rejected', rejectionReason: reason } });
    return (await enqueue(tx, JOB_QUEUES.accessRequestMail, { requestId }, { singletonKey: `access-request-mail:${requestId}` })) !== null;
  });
  wakeJobWorker();
  return { mailQueued: queued };
}

/** The count of pending requests (the tab's badge). */
export async function countPendingRequests(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(accessRequests).where(eq(accessRequests.status, 'pending'));
  return row?.n ?? 0;
}


