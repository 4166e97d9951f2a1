/**
 * The admin forms of the people screens (professional accounts, access requests, users): shared by the
 * client forms and the server actions. Messages are keys of messages/pt-PT.json.
 */
import { z } from 'zod';
import { ROLES } from '@/lib/auth/permissions';
import { isValidNif, normaliseNif } from './nif';

export const PEOPLE_MESSAGES = {
  nameRequired: 'Admin.People.validation.nameRequired',
  tooLong: 'Admin.People.validation.tooLong',
  nifInvalid: 'Admin.People.validation.nifInvalid',
  emailInvalid: 'Admin.People.validation.emailInvalid',
  percentage: 'Admin.People.validation.percentage',
  group: 'Admin.People.validation.group',
  date: 'Admin.People.validation.date',
  datesOrder: 'Admin.People.validation.datesOrder',
  reasonRequired: 'Admin.People.validation.reasonRequired',
  attachRequired: 'Admin.People.validation.attachRequired',
  groupPercentage: 'Admin.People.validation.groupPercentage',
  invalid: 'Validation.invalid',
} as const;
const M = PEOPLE_MESSAGES;

const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull, z.string().trim().max(max, M.tooLong).nullable().optional()).transform((v) => v ?? null);

/** NIF: spaces and a leading PT stripped, 9 digits with a valid check digit. Optional when blank. */
export const nifField = z
  .string({ error: M.nifInvalid })
  .transform((v) => normaliseNif(v))
  .refine((v) => isValidNif(v), M.nifInvalid);
const optionalNif = z.preprocess(blankToNull, nifField.nullable().optional()).transform((v) => v ?? null);

const id = z.coerce.number({ error: M.invalid }).int(M.invalid).positive(M.invalid).max(2_147_483_647, M.invalid);
const version = z.coerce.number({ error: M.invalid }).int(M.invalid).min(1, M.invalid).max(2_147_483_647, M.invalid);

export const proAccountFields = {
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(120, M.tooLong),
  fiscalName: optionalText(160),
  nif: optionalNif,
  phcClientId: optionalText(40),
  address: optionalText(200),
  postalCode: optionalText(20),
  city: optionalText(80),
};

export const createProAccountSchema = z.object(proAccountFields);
export const updateProAccountSchema = z.object({ id, version, ...proAccountFields });
export type ProAccountInput = z.output<typeof createProAccountSchema>;

/** A discount group code of the catalogue: letters, digits, '-', '_' or '.', 1–20 characters. */
export const discountGroupField = z
  .string({ error: M.group })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9._-]{1,20}$/, M.group);

/** 0–100 with at most two decimals, comma or dot; kept as text ('12.50') for the numeric column. */
export const percentageField = z
  .union([z.string(), z.number()], { error: M.percentage })
  .transform((v) => String(v).trim().replace(',', '.').replace(/\s*%$/, ''))
  .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) >= 0 && Number(v) <= 100, M.percentage)
  .transform((v) => Number(v).toFixed(2));

/** YYYY-MM-DD that is a real date, or blank for "open". */
export const dateField = z.preprocess(
  blankToNull,
  z
    .string({ error: M.date })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, M.date)
    .refine((v) => {
      const d = new Date(`${v}T00:00:00Z`);
      return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
    }, M.date)
    .nullable()
    .optional(),
).transform((v) => v ?? null);

export const priceRuleFields = z
  .object({
    discountGroup: discountGroupField,
    discountPercentage: percentageField,
    validFrom: dateField,
    validTo: dateField,
  })
  .refine((r) => !r.validFrom || !r.validTo || r.validFrom <= r.validTo, { message: M.datesOrder, path: ['validTo'] });

export const savePriceRuleSchema = z
  .object({ accountId: id, ruleId: z.preprocess(blankToNull, id.nullable().optional()).transform((v) => v ?? null), discountGroup: discountGroupField, discountPercentage: percentageField, validFrom: dateField, validTo: dateField })
  .refine((r) => !r.validFrom || !r.validTo || r.validFrom <= r.validTo, { message: M.datesOrder, path: ['validTo'] });
export const removePriceRuleSchema = z.object({ accountId: id, ruleId: id });

export const accountUserSchema = z.object({ accountId: id, email: z.string({ error: M.emailInvalid }).trim().toLowerCase().email(M.emailInvalid).max(254, M.emailInvalid) });
export const detachUserSchema = z.object({ accountId: id, userId: z.string().min(1).max(100) });

export const approveRequestSchema = z
  .object({
    requestId: id,
    /** 'existing': link to accountId; 'new': create from the request's (edited) data. */
    mode: z.enum(['existing', 'new'], { error: M.invalid }),
    accountId: z.preprocess(blankToNull, id.nullable().optional()).transform((v) => v ?? null),
    ...proAccountFields,
    name: proAccountFields.name.optional(),
    // Checked by the approval only when a new account is made (server/pro-accounts/requests.ts).
    nif: z.preprocess(blankToNull, z.string().trim().max(20, M.tooLong).nullable().optional()).transform((v) => (v ? normaliseNif(v) : null)),
    /** A new account whose NIF another account holds is made only when confirmed. */
    confirmDuplicate: z.boolean().default(false),
    /** A discount profile id (lib/admin/discount-profiles.ts), 'copy' (another account's rules) or 'none'. */
    profile: z.string().trim().max(60).default('none'),
    copyFromAccountId: z.preprocess(blankToNull, id.nullable().optional()).transform((v) => v ?? null),
    /**
     * The percentages the approver gave to the catalogue's groups the profile does not reach,
     * as two lists of one entry per group prefix: `extraPrefix[i]` gets
     * `extraPercentage[i]`. The server refuses a profile that leaves a group without one.
     */
    extraPrefix: z.array(discountGroupField).max(100, M.invalid).default([]),
    /** Each '' (left blank: not given, the server names the groups still uncovered), a percentage, or 'invalid'. */
    extraPercentage: z
      .array(z.string().max(20, M.groupPercentage))
      .max(100, M.invalid)
      .transform((list) => list.map((v) => (v.trim() === '' ? '' : (percentageField.safeParse(v).data ?? 'invalid'))))
      .default([]),
    /**
     * Who gets the access, as staff confirmed it on the request's page: the id of one of the
     * request's candidate users (the account that sent it, the account with the e-mail written in
     * it), `invite` (a new user at that e-mail, when none has it) or `none`. Always explicit; the
     * server checks it against the request's candidates (server/pro-accounts/requests.ts).
     */
    attachUser: z.string({ error: M.attachRequired }).trim().min(1, M.attachRequired).max(100, M.attachRequired),
  })
  .refine((r) => r.mode !== 'existing' || r.accountId !== null, { message: M.invalid, path: ['accountId'] })
  .refine((r) => r.mode !== 'new' || (r.name ?? '').length > 0, { message: M.nameRequired, path: ['name'] })
  .refine((r) => r.extraPrefix.length === r.extraPercentage.length && r.extraPercentage.every((p) => p !== 'invalid'), { message: M.groupPercentage, path: ['extraPercentage'] });
export type ApproveRequestInput = z.output<typeof approveRequestSchema>;

export const rejectRequestSchema = z.object({
  requestId: id,
  reason: z.string({ error: M.reasonRequired }).trim().min(3, M.reasonRequired).max(1000, M.tooLong),
});

export const USER_TYPES = ['particular', 'pro'] as const;

export const createUserSchema = z.object({
  email: z.string({ error: M.emailInvalid }).trim().toLowerCase().email(M.emailInvalid).max(254, M.emailInvalid),
  fullName: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(160, M.tooLong),
  role: z.enum(ROLES, { error: M.invalid }).default('viewer'),
  userType: z.enum(USER_TYPES, { error: M.invalid }).default('particular'),
  accountId: z.preprocess(blankToNull, id.nullable().optional()).transform((v) => v ?? null),
});

const userId = z.string({ error: M.invalid }).min(1, M.invalid).max(100, M.invalid);
export const setRoleSchema = z.object({ userId, role: z.enum(ROLES, { error: M.invalid }) });
export const setAdminFlagSchema = z.object({ userId, isAdmin: z.boolean() });
export const setDisabledSchema = z.object({ userId, disabled: z.boolean() });
export const userOnlySchema = z.object({ userId });
export const endSessionSchema = z.object({ userId, sessionId: z.string().min(1).max(100) });

export const USER_FILTERS = {
  roles: ROLES,
  types: USER_TYPES,
} as const;
