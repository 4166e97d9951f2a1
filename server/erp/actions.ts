'use server';
import 'server-only';
import { revalidateAdminPage } from '@/server/admin/revalidate';
import { z } from 'zod';
import type { MessageRef } from '@/lib/errors';
import { dbId } from '@/lib/validation/ids';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/errors';
import { createAccountFromErp, linkErpClient } from './clients';

/** Actions of /admin/phc-clients: the admin flag only (spec 6), audited in server/erp/clients.ts. */

const erpId = z.string({ message: 'Admin.Erp.errors.clientNotFound' }).trim().min(1, 'Admin.Erp.errors.clientNotFound').max(40, 'Admin.Erp.errors.clientNotFound');

function adminOnly(viewer: { isAdmin: boolean }) {
  if (!viewer.isAdmin) throw new AppError({ code: 'forbidden', key: 'Admin.Erp.errors.adminOnly' });
}

function refresh() {
  try {
    revalidateAdminPage('/admin/phc-clients');
  } catch {
    // Outside a request (tests).
  }
}

export const linkErpClientAction = validatedAction(
  { schema: z.object({ erpClientId: erpId, accountId: dbId }), session: 'required' },
  async ({ erpClientId, accountId }, { viewer }): Promise<MessageRef> => {
    adminOnly(viewer);
    await linkErpClient(erpClientId, accountId, viewer);
    refresh();
    return { message: 'Admin.Erp.done.linked' };
  },
);

export const createErpAccountAction = validatedAction(
  { schema: z.object({ erpClientId: erpId }), session: 'required' },
  async ({ erpClientId }, { viewer }): Promise<MessageRef> => {
    adminOnly(viewer);
    await createAccountFromErp(erpClientId, viewer);
    refresh();
    return { message: 'Admin.Erp.done.created' };
  },
);
