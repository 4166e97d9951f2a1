'use server';
import 'server-only';
import { z } from 'zod';
import type { MessageRef } from '@/lib/errors';
import {
  accountUserSchema,
  approveRequestSchema,
  createProAccountSchema,
  createUserSchema,
  detachUserSchema,
  endSessionSchema,
  rejectRequestSchema,
  removePriceRuleSchema,
  savePriceRuleSchema,
  setAdminFlagSchema,
  setDisabledSchema,
  setRoleSchema,
  updateProAccountSchema,
  userOnlySchema,
} from '@/lib/validation/people';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/errors';
import { attachUserByEmail, createProAccount, detachUserFromAccount, removePriceRule, savePriceRule, updateProAccount } from '@/server/pro-accounts/accounts';
import { approveAccessRequest, rejectAccessRequest } from '@/server/pro-accounts/requests';
import { importPriceRules, RULES_IMPORT_MAX_BYTES, type RulesImportResult } from '@/server/pro-accounts/rules-import';
import { createUser, endUserSessions, sendPasswordResetLink, setAdminFlag, setUserDisabled, setUserRole } from './users';

/**
 * The server actions of the people screens: every one needs `manage_users` (the
 * admin flag also passes, as everywhere); changing the admin flag also needs the flag (users.ts).
 * Only actions here (no reads): every export of a 'use server' module is a public endpoint.
 */

const MANAGE = { session: 'required', permission: 'manage_users' } as const;

export const createProAccountAction = validatedAction({ ...MANAGE, schema: createProAccountSchema }, async (data, { viewer }): Promise<MessageRef & { id: number }> => {
  const id = await createProAccount(data, viewer);
  return { message: 'Admin.People.accounts.created', id };
});

export const updateProAccountAction = validatedAction({ ...MANAGE, schema: updateProAccountSchema }, async ({ id, version, ...data }, { viewer }): Promise<MessageRef & { version: number }> => {
  const saved = await updateProAccount(id, version, data, viewer);
  return { message: 'Admin.saved', version: saved.version };
});

export const savePriceRuleAction = validatedAction({ ...MANAGE, schema: savePriceRuleSchema }, async ({ accountId, ruleId, ...rule }, { viewer }): Promise<MessageRef> => {
  await savePriceRule(accountId, ruleId, rule, viewer);
  return { message: ruleId ? 'Admin.People.rules.saved' : 'Admin.People.rules.added' };
});

export const removePriceRuleAction = validatedAction({ ...MANAGE, schema: removePriceRuleSchema }, async ({ accountId, ruleId }, { viewer }): Promise<MessageRef> => {
  await removePriceRule(accountId, ruleId, viewer);
  return { message: 'Admin.People.rules.removed' };
});

export const attachUserAction = validatedAction({ ...MANAGE, schema: accountUserSchema }, async ({ accountId, email }, { viewer }): Promise<MessageRef> => {
  await attachUserByEmail(accountId, email, viewer);
  return { message: 'Admin.People.accounts.userAttached' };
});

export const detachUserAction = validatedAction({ ...MANAGE, schema: detachUserSchema }, async ({ accountId, userId }, { viewer }): Promise<MessageRef> => {
  await detachUserFromAccount(accountId, userId, viewer);
  return { message: 'Admin.People.accounts.userDetached' };
});

export const approveAccessRequestAction = validatedAction({ ...MANAGE, schema: approveRequestSchema }, async (data, { viewer }): Promise<MessageRef & { accountId: number; userId: string | null }> => {
  const outcome = await approveAccessRequest(data, viewer);
  return { message: 'Admin.People.requests.approved', accountId: outcome.accountId, userId: outcome.userId };
});

export const rejectAccessRequestAction = validatedAction({ ...MANAGE, schema: rejectRequestSchema }, async ({ requestId, reason }, { viewer }): Promise<MessageRef> => {
  await rejectAccessRequest(requestId, reason, viewer);
  return { message: 'Admin.People.requests.rejected' };
});

const importSchema = z.object({
  file: z.instanceof(File, { message: 'Admin.People.import.fileRequired' }),
  apply: z.boolean().default(false),
});

export const importPriceRulesAction = validatedAction({ ...MANAGE, schema: importSchema }, async ({ file, apply }, { viewer }): Promise<RulesImportResult> => {
  if (file.size === 0) throw new AppError({ code: 'bad_request', key: 'Admin.People.import.fileRequired' });
  if (file.size > RULES_IMPORT_MAX_BYTES) throw new AppError({ code: 'payload_too_large', key: 'Admin.People.import.tooLarge' });
  const bytes = Buffer.from(await file.arrayBuffer());
  return importPriceRules(bytes, file.name || 'regras.csv', { apply, actor: viewer });
});

export const createUserAction = validatedAction({ ...MANAGE, schema: createUserSchema }, async (data, { viewer }): Promise<MessageRef & { userId: string }> => {
  const created = await createUser(data, viewer);
  return { message: created.mailed ? 'Admin.People.users.invited' : 'Admin.People.users.invitedNoMail', userId: created.userId };
});

export const setUserRoleAction = validatedAction({ ...MANAGE, schema: setRoleSchema }, async ({ userId, role }, { viewer }): Promise<MessageRef> => {
  await setUserRole(userId, role, viewer);
  return { message: 'Admin.People.users.roleChanged' };
});

export const setAdminFlagAction = validatedAction({ ...MANAGE, schema: setAdminFlagSchema }, async ({ userId, isAdmin }, { viewer }): Promise<MessageRef> => {
  await setAdminFlag(userId, isAdmin, viewer);
  return { message: 'Admin.People.users.adminFlagChanged' };
});

export const setUserDisabledAction = validatedAction({ ...MANAGE, schema: setDisabledSchema }, async ({ userId, disabled }, { viewer }): Promise<MessageRef> => {
  await setUserDisabled(userId, disabled, viewer);
  return { message: disabled ? 'Admin.People.users.disabled' : 'Admin.People.users.enabled' };
});

export const sendPasswordResetAction = validatedAction({ ...MANAGE, schema: userOnlySchema }, async ({ userId }, { viewer }): Promise<MessageRef> => {
  const sent = await sendPasswordResetLink(userId, viewer);
  return { message: sent.mailed ? 'Admin.People.users.resetSent' : 'Admin.People.users.resetNoMail' };
});

export const endSessionAction = validatedAction({ ...MANAGE, schema: endSessionSchema }, async ({ userId, sessionId }, { viewer }): Promise<MessageRef> => {
  await endUserSessions(userId, sessionId, viewer);
  return { message: 'Admin.People.users.sessionEnded' };
});

export const endAllSessionsAction = validatedAction({ ...MANAGE, schema: userOnlySchema }, async ({ userId }, { viewer }): Promise<MessageRef> => {
  await endUserSessions(userId, null, viewer);
  return { message: 'Admin.People.users.sessionsEnded' };
});
