import 'server-only';
import { eq } from 'drizzle-orm';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { getDb } from '@/server/db/client';
import { shopSettings, type OpeningHours, type SocialLink } from '@/server/db/schema';

export interface ShopInfo {
  name: string;
  tagline: string | null;
  foundedYear: number | null;
  employees: number | null;
  priceRange: string | null;
  address: string;
  postalCode: string;
  city: string;
  country: string;
  phone: string;
  email: string;
  hours: OpeningHours[];
  warehouse: { address: string; postalCode: string; city: string; phone: string | null } | null;
  mapsUrl: string | null;
  complaintsBookUrl: string | null;
  socialLinks: SocialLink[];
}

/** The shop's public facts for footer, contact page and structured data. */
export async function getShopInfo(): Promise<ShopInfo> {
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
        ? { address: s.warehouseAddress, postalCode: s.warehousePostalCode, city: s.warehouseCity, phone: s.warehousePhone }
        : null,
    mapsUrl: s.mapsUrl,
    complaintsBookUrl: s.complaintsBookUrl,
    socialLinks: s.socialLinks,
  };
}
