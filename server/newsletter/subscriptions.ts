import 'server-only';
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { newsletterToken, type NewsletterData } from '@/lib/validation/newsletter';
import { AppError } from '@/server/errors';
import type { RequestMeta } from '@/server/actions/request-meta';
import { hashIp } from '@/server/security/hash-ip';
import { getDb } from '@/server/db/client';
import { newsletterSubscriptions, type NewsletterSource } from '@/server/db/schema';
import { isDelivered, sendMail } from '@/server/mail/send';
import { getShopInfo } from '@/server/shop/settings';
import { isHoneypotFilled } from '@/server/security/honeypot';
import { newsletterConfirmationMail } from './mails';

/** A pending address gets at most one confirmation mail per this many minutes. */
export const CONFIRMATION_RESEND_MINUTES = 10;
/** A confirmation link works for this many days after its mail was sent. */
export const CONFIRMATION_VALID_DAYS = 7;

export type SubscribeOutcome =
  /** Honeypot filled: answered as success, nothing stored or sent. */
  | 'ignored'
  /** New (or formerly unsubscribed) address: pending, confirmation mail sent. */
  | 'pending'
  /** Still pending: a new confirmation mail was sent. */
  | 'resent'
  /** Still pending and a confirmation went out less than 10 minutes ago: nothing sent. */
  | 'throttled'
  /** Already confirmed: nothing sent. */
  | 'already_confirmed';

export interface SubscribeResult {
  outcome: SubscribeOutcome;
}

function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function unavailable(): AppError {
  return new AppError({ code: 'unavailable', key: 'Newsletter.api.unavailable' });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/**
 * Sends the confirmation mail of a subscription that was just given a new confirm token (the
 * `claim`). If the mail cannot be sent the claim is undone, so that trying again sends one.
 */
async function sendConfirmation(
  row: { id: number; email: string; unsubscribeToken: string },
  confirmToken: string,
  previousSentAt: Date | null,
): Promise<void> {
  const shop = await getShopInfo();
  const sent = await sendMail(
    newsletterConfirmationMail({
      email: row.email,
      confirmToken,
      unsubscribeToken: row.unsubscribeToken,
      shopName: shop.name,
    }),
  );
  if (!isDelivered(sent)) {
    const db = await getDb();
    await db
      .update(newsletterSubscriptions)
      .set({ confirmationSentAt: previousSentAt })
      .where(eq(newsletterSubscriptions.id, row.id));
    throw unavailable();
  }
}

interface ExistingRow {
  id: number;
  email: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  unsubscribeToken: string;
  confirmationSentAt: Date | null;
}

async function findByEmail(email: string): Promise<ExistingRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: newsletterSubscriptions.id,
      email: newsletterSubscriptions.email,
      status: newsletterSubscriptions.status,
      unsubscribeToken: newsletterSubscriptions.unsubscribeToken,
      confirmationSentAt: newsletterSubscriptions.confirmationSentAt,
    })
    .from(newsletterSubscriptions)
    .where(eq(sql`lower(${newsletterSubscriptions.email})`, email.toLowerCase()));
  return row;
}

/**
 * Double opt-in subscription (spec 3, 5, 7). Subscribing twice is harmless: a pending address
 * gets its confirmation again at most once per 10 minutes, a confirmed one nothing, an
 * unsubscribed one goes back to pending with a new confirmation.
 */
export async function subscribeToNewsletter(
  input: NewsletterData,
  meta: RequestMeta = {},
): Promise<SubscribeResult> {
  if (isHoneypotFilled(input.honeypot)) return { outcome: 'ignored' };

  const db = await getDb();
  const email = input.email.trim().toLowerCase();
  const source: NewsletterSource = input.source ?? 'popup';
  const customerType = input.mmerge4 ?? null;

  let existing = await findByEmail(email);
  if (!existing) {
    const confirmToken = newToken();
    try {
      const [created] = await db
        .insert(newsletterSubscriptions)
        .values({
          email,
          customerType,
          status: 'pending',
          confirmTokenHash: hashToken(confirmToken),
          confirmationSentAt: sql`now()`,
          unsubscribeToken: newToken(),
          source,
          ipHash: hashIp(meta.ip),
        })
        .returning({
          id: newsletterSubscriptions.id,
          email: newsletterSubscriptions.email,
          unsubscribeToken: newsletterSubscriptions.unsubscribeToken,
        });
      if (!created) throw new Error('A subscrição não foi criada.');
      await sendConfirmation(created, confirmToken, null);
      return { outcome: 'pending' };
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      // Subscribed by a request running at the same time: carry on as for an existing address.
      existing = await findByEmail(email);
      if (!existing) throw err;
    }
  }

  if (customerType) {
    await db
      .update(newsletterSubscriptions)
      .set({ customerType, updatedAt: new Date() })
      .where(eq(newsletterSubscriptions.id, existing.id));
  }

  if (existing.status === 'confirmed') return { outcome: 'already_confirmed' };

  const confirmToken = newToken();
  if (existing.status === 'unsubscribed') {
    const [claimed] = await db
      .update(newsletterSubscriptions)
      .set({
        status: 'pending',
        confirmTokenHash: hashToken(confirmToken),
        confirmationSentAt: sql`now()`,
        confirmedAt: null,
        unsubscribedAt: null,
        source,
        updatedAt: new Date(),
      })
      .where(
        and(
          eq(newsletterSubscriptions.id, existing.id),
          eq(newsletterSubscriptions.status, 'unsubscribed'),
        ),
      )
      .returning({ id: newsletterSubscriptions.id });
    if (!claimed) return { outcome: 'throttled' }; // another request re-subscribed it just now
    await sendConfirmation(existing, confirmToken, existing.confirmationSentAt);
    return { outcome: 'pending' };
  }

  // Pending: resend only when the last confirmation is at least 10 minutes old. The condition
  // sits in the UPDATE so that two requests at the same moment cannot both send.
  const [claimed] = await db
    .update(newsletterSubscriptions)
    .set({
      confirmTokenHash: hashToken(confirmToken),
      confirmationSentAt: sql`now()`,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(newsletterSubscriptions.id, existing.id),
        eq(newsletterSubscriptions.status, 'pending'),
        or(
          isNull(newsletterSubscriptions.confirmationSentAt),
          lt(
            newsletterSubscriptions.confirmationSentAt,
            sql`now() - make_interval(mins => ${CONFIRMATION_RESEND_MINUTES})`,
          ),
        ),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  if (!claimed) return { outcome: 'throttled' };
  await sendConfirmation(existing, confirmToken, existing.confirmationSentAt);
  return { outcome: 'resent' };
}

export type ConfirmOutcome =
  | { status: 'confirmed'; email: string }
  | { status: 'already_confirmed'; email: string }
  | { status: 'invalid' };

/** Opens the link of the confirmation mail: pending → confirmed. Opening it again is harmless. */
export async function confirmNewsletterSubscription(
  token: string | null | undefined,
): Promise<ConfirmOutcome> {
  if (!token || !newsletterToken.safeParse(token).success) return { status: 'invalid' };
  const db = await getDb();
  const tokenHash = hashToken(token);
  const [confirmed] = await db
    .update(newsletterSubscriptions)
    .set({ status: 'confirmed', confirmedAt: new Date(), updatedAt: new Date() })
    .where(
      and(
        eq(newsletterSubscriptions.confirmTokenHash, tokenHash),
        eq(newsletterSubscriptions.status, 'pending'),
        sql`${newsletterSubscriptions.confirmationSentAt} > now() - make_interval(days => ${CONFIRMATION_VALID_DAYS})`,
      ),
    )
    .returning({ email: newsletterSubscriptions.email });
  if (confirmed) return { status: 'confirmed', email: confirmed.email };

  const [row] = await db
    .select({ email: newsletterSubscriptions.email, status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.confirmTokenHash, tokenHash));
  if (row?.status === 'confirmed') return { status: 'already_confirmed', email: row.email };
  return { status: 'invalid' };
}

/** `ana@example.pt` → `a**@example.pt`: enough to recognise one's address, not to harvest it. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  const local = email.slice(0, at);
  return `${local.slice(0, 1)}${'*'.repeat(Math.max(2, Math.min(local.length - 1, 6)))}${email.slice(at)}`;
}

export interface UnsubscribeView {
  status: 'pending' | 'confirmed' | 'unsubscribed';
  maskedEmail: string;
}

/** What the unsubscribe page shows for a link, or null for a link that is not ours. */
export async function getNewsletterSubscriptionByUnsubscribeToken(
  token: string | null | undefined,
): Promise<UnsubscribeView | null> {
  if (!token || !newsletterToken.safeParse(token).success) return null;
  const db = await getDb();
  const [row] = await db
    .select({ email: newsletterSubscriptions.email, status: newsletterSubscriptions.status })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return row ? { status: row.status, maskedEmail: maskEmail(row.email) } : null;
}

export type UnsubscribeOutcome = 'unsubscribed' | 'already_unsubscribed' | 'invalid';

/** The unsubscribe link of every newsletter mail. */
export async function unsubscribeFromNewsletter(
  token: string | null | undefined,
): Promise<UnsubscribeOutcome> {
  if (!token || !newsletterToken.safeParse(token).success) return 'invalid';
  const db = await getDb();
  const [done] = await db
    .update(newsletterSubscriptions)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: new Date(),
      confirmTokenHash: null,
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(newsletterSubscriptions.unsubscribeToken, token),
        ne(newsletterSubscriptions.status, 'unsubscribed'),
      ),
    )
    .returning({ id: newsletterSubscriptions.id });
  if (done) return 'unsubscribed';
  const [row] = await db
    .select({ id: newsletterSubscriptions.id })
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.unsubscribeToken, token));
  return row ? 'already_unsubscribed' : 'invalid';
}
