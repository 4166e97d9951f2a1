/**
 * Accounts (better-auth tables: the property names are better-auth's field names; the adapter
 * receives them as `authSchema` keyed by its model names). Profile fields of spec 3 live on the
 * user row; `role` is the role of spec 6 (viewer, every customer's, by default; reader, editor and admin
 * for staff) and `is_admin` the separate flag.
 */
import 'server-only';
import { bigint, boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { timestamps, timestampTz } from './columns';
import { proAccounts } from './pricing';

export const userTypes = ['particular', 'pro'] as const;
export type UserType = (typeof userTypes)[number];
export const userRoles = ['admin', 'editor', 'reader', 'viewer'] as const;

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    ...timestamps,
    twoFactorEnabled: boolean('two_factor_enabled').default(false),
    role: text('role').notNull().default('viewer'),
    isAdmin: boolean('is_admin').notNull().default(false),
    userType: text('user_type', { enum: userTypes }).notNull().default('particular'),
    accountName: text('account_name'),
    fullName: text('full_name'),
    fiscalName: text('fiscal_name'),
    avatarUrl: text('avatar_url'),
    phoneNumber: text('phone_number'),
    fiscalNumber: text('fiscal_number'),
    companyName: text('company_name'),
    /** Client number in the ERP (PHC); '03' for web sign-ups (spec 3). */
    phcClientId: text('phc_client_id'),
    newsletterPreference: boolean('newsletter_preference').notNull().default(false),
    /** The professional account (company) the user buys for; its price rules apply to the user. */
    proAccountId: integer('pro_account_id').references(() => proAccounts.id, { onDelete: 'set null' }),
    /** Disabled by staff: sessions deleted at once, sign-in refused, lookups reject it. */
    disabledAt: timestampTz('disabled_at'),
    /** The last successful sign-in (a session created), for the admin user list. */
    lastLoginAt: timestampTz('last_login_at'),
  },
  (t) => [index('users_role_idx').on(t.role)],
);

/** `user_id` of a row that belongs to one account and goes with it when the account is deleted. */
export const ownerUserId = () =>
  text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestampTz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    ...timestamps,
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: ownerUserId(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: ownerUserId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestampTz('access_token_expires_at'),
    refreshTokenExpiresAt: timestampTz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestampTz('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

export const twoFactors = pgTable(
  'two_factors',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: ownerUserId(),
    verified: boolean('verified').default(true),
    failedVerificationCount: integer('failed_verification_count').default(0),
    lockedUntil: timestampTz('locked_until'),
  },
  (t) => [index('two_factors_secret_idx').on(t.secret), index('two_factors_user_id_idx').on(t.userId)],
);

/** Fixed-window counters of the abuse limits (login, sign-up, recovery, resend) per IP and per e-mail. */
export const authRateLimits = pgTable('auth_rate_limits', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: bigint('window_started_at', { mode: 'number' }).notNull(),
});

export const authSchema = {
  user: users,
  session: sessions,
  account: accounts,
  verification: verifications,
  twoFactor: twoFactors,
};

export type UserRow = typeof users.$inferSelect;
