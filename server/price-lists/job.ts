import 'server-only';
import { registerJobHandler } from '@/server/jobs';
import { buildPriceListExport } from './index';

/** The `price-list` queue's handler (loaded by the worker, server/jobs loadHandlers). */
registerJobHandler('price-list', async ({ exportId }) => {
  await buildPriceListExport(exportId);
});
