'use server';
import 'server-only';
import type { MessageRef } from '@/lib/errors';
import { addressDefaultSchema, addressFormSchema, addressIdSchema, addressUpdateSchema } from '@/lib/validation/addresses';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/errors';
import { addressSnapshot, createAddress, deleteAddress, findAddress, updateAddress } from './index';

/**
 * The writes of /dashboard/addresses, through validatedAction: a session, the dashboard
 * flag (admins pass) and the checkout's own address schema. Ownership lives in server/addresses
 * (someone else's id is 'not found', like an unknown one). Orders keep their own snapshot of an
 * address, so editing or deleting one never changes an order.
 */

const FLAG = 'ENABLE_DASHBOARD';
const NOT_FOUND = { code: 'not_found' as const, key: 'Account.addresses.notFound' };

/** A write on one address, whose 'not found' (unknown or someone else's) is told as this page's. */
async function onAddress(write: Promise<unknown>): Promise<void> {
  try {
    await write;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') throw new AppError(NOT_FOUND);
    throw err;
  }
}

export const createAddressAction = validatedAction(
  { schema: addressFormSchema, session: 'required', flag: FLAG },
  async (input, { viewer }): Promise<MessageRef & { id: number }> => {
    const address = await createAddress(viewer.id, input);
    return { message: 'Account.addresses.created', id: address.id };
  },
);

export const updateAddressAction = validatedAction(
  { schema: addressUpdateSchema, session: 'required', flag: FLAG },
  async ({ id, ...input }, { viewer }): Promise<MessageRef> => {
    await onAddress(updateAddress(viewer.id, id, input));
    return { message: 'Account.addresses.updated' };
  },
);

export const deleteAddressAction = validatedAction(
  { schema: addressIdSchema, session: 'required', flag: FLAG },
  async ({ id }, { viewer }): Promise<MessageRef> => {
    await onAddress(deleteAddress(viewer.id, id));
    return { message: 'Account.addresses.deleted' };
  },
);

export const setDefaultAddressAction = validatedAction(
  { schema: addressDefaultSchema, session: 'required', flag: FLAG },
  async ({ id, kind }, { viewer }): Promise<MessageRef> => {
    const row = await findAddress(viewer.id, id);
    if (!row) throw new AppError(NOT_FOUND);
    await updateAddress(viewer.id, id, {
      ...addressSnapshot(row),
      country: 'PT',
      is_default_delivery: kind === 'delivery' ? true : row.isDefaultDelivery,
      is_default_billing: kind === 'billing' ? true : row.isDefaultBilling,
    });
    return { message: kind === 'delivery' ? 'Account.addresses.defaultDeliverySet' : 'Account.addresses.defaultBillingSet' };
  },
);
