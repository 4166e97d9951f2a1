/** Requests of professionals for a pro account (spec 3 and 6). */
import 'server-only';
import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import type { ACCESS_REQUEST_TYPOLOGIES } from '../../../lib/validation/access-request';
import { timestamps, timestampTz } from './columns';
import { users } from './auth';
import { proAccounts } from './pricing';

export const accessRequestStatus = ['pending', 'approved', 'rejected'] as const;
export const accessRequestTypologies = ['Arquiteto', 'Decorador', 'Empreiteiro', 'Instalador', 'Promotor', 'Revendedor', 'Outro'] as const;

/** Requests of professionals for a pro account (/access-request); approved in the admin area. */
export const accessRequests = pgTable(
  'access_requests',
  {
    id: serial('id').primaryKey(),
    companyName: text('company_name').notNull(),
    fiscalNumber: text('fiscal_number').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    typology: text('typology').notNull(),
    message: text('message'),
    status: text('status', { enum: accessRequestStatus }).notNull().default('pending'),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Who handled it (approved or rejected) and when; kept as text like the audit log. */
    handledAt: timestampTz('handled_at'),
    handledById: text('handled_by_id'),
    handledByName: text('handled_by_name'),
    /** The reason given when rejected (told to the requester). */
    rejectionReason: text('rejection_reason'),
    /** When the answer (approval or rejection) reached the SMTP server: the mail job sends it once. */
    answerMailedAt: timestampTz('answer_mailed_at'),
    /** The professional account it was approved into. */
    accountId: integer('account_id').references(() => proAccounts.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('access_requests_status_idx').on(t.status, t.createdAt)],
);

// The form's list (lib/validation, which the browser loads without the schema) is this one.
type SameList<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const typologiesMatchForm: SameList<typeof accessRequestTypologies, typeof ACCESS_REQUEST_TYPOLOGIES> = true;
void typologiesMatchForm;

export type AccessRequest = typeof accessRequests.$inferSelect;
