'use server';
import 'server-only';
import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import type { MessageRef } from '@/lib/errors';
import { validatedAction } from '@/server/actions/validated-action';
import { clearCacheTag, clearCustomerPrices } from './admin';

/** Actions of /admin/cache-performance (`manage_users`), audited in server/cache/admin.ts. */

function refresh() {
  try {
    revalidatePath('/admin/cache-performance');
  } catch {
    // Outside a request (tests).
  }
}

export const clearCacheTagAction = validatedAction(
  { schema: z.object({ tag: z.string({ message: 'Admin.Cache.errors.badTag' }).trim().min(1, 'Admin.Cache.errors.badTag').max(200, 'Admin.Cache.errors.badTag') }), session: 'required', permission: 'manage_users' },
  async ({ tag }, { viewer }): Promise<MessageRef> => {
    await clearCacheTag(tag, viewer);
    refresh();
    return { message: 'Admin.Cache.done.tag', values: { tag } };
  },
);

export const clearCustomerPricesAction = validatedAction(
  { schema: z.object({ customer: z.string({ message: 'Admin.Cache.errors.customerNotFound' }).trim().min(1, 'Admin.Cache.errors.customerNotFound').max(254, 'Admin.Cache.errors.customerNotFound') }), session: 'required', permission: 'manage_users' },
  async ({ customer }, { viewer }): Promise<MessageRef> => {
    await clearCustomerPrices(customer, viewer);
    refresh();
    return { message: 'Admin.Cache.done.prices', values: { customer } };
  },
);
