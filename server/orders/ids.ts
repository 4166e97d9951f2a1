import 'server-only';
import { z } from 'zod';
import { isDbId } from '@/lib/validation/ids';
import { AppError } from '@/server/errors';

/** `{id}` of the order and address routes: any string; one that cannot be a row id names nothing (404). */
export const idParams = z.object({ id: z.string() });

export function rowId(id: string, kind: 'order' | 'address'): number {
  if (!isDbId(id)) {
    throw new AppError({ code: 'not_found', key: kind === 'order' ? 'Orders.orderNotFound' : 'Orders.addressNotFound' });
  }
  return Number(id);
}
