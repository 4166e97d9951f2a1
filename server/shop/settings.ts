import 'server-only';
import type { ShopInfo } from '@/lib/catalogue/types';

import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { getDb } from '@/server/db/client';
import { shopSettings } from '@/server/db/schema';
import { cachedRead } from '@/server/cache/read';
import { cacheTags } from '@/server/cache/tags';

export type { ShopInfo };

async function readShopInfo(): Promise<ShopInfo> {
  const db = await getDb();
  const [row] = await db.select().from(shopSettings).where(eq(shopSettings.id, 1));
  const s = row ?? { ...DEFAULT_SHOP_SETTINGS, id: 1, updatedAt: new Date() };
  return {
    name: s.name,
    tagline: s.tagline,
    foundedYear: s.foundedYear,
    employees: s.employees,
    priceRange: s.priceRange,
    address: s.address,
    postalCode: s.postalCode,
    city: s.city,
    country: s.country,
    phone: s.phone,
    email: s.email,
    hours: s.hours,
    warehouse:
      s.warehouseAddress && s.warehousePostalCode && s.warehouseCity
        ? {
            address: s.warehouseAddress,
            postalCode: s.warehousePostalCode,
            city: s.warehouseCity,
            phone: s.warehousePhone,
          }
        : null,
    mapsUrl: s.mapsUrl,
    complaintsBookUrl: s.complaintsBookUrl,
    socialLinks: s.socialLinks,
  };
}

/** The shop's public facts for footer, contact page and structured data (cached, tag shop-settings). */
export const getShopInfo = cachedRead('shop-info', readShopInfo, { tags: [cacheTags.shopSettings] });
