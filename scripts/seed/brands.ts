/** Invented brands of the demo catalogue (not real trademarks). */
import 'server-only';
export interface BrandDef {
  name: string;
  partner: boolean;
  /** Chapters the brand specialises in. */
  chapters: readonly number[];
  /** Short code used in model codes (3 letters) or null for numeric ERP codes. */
  prefix: string | null;
  /** GS1 prefix + company number (7 digits) of the brand's EANs. */
  ean: string;
  /** Letter of the brand's discount groups. */
  dg: string;
}

export const BRAND_DEFS: readonly BrandDef[] = [
  { name: 'Aquarela', partner: true, chapters: [10, 30], prefix: 'AQR', ean: '5601234', dg: 'A' },
  { name: 'Hidrotec', partner: true, chapters: [40, 140], prefix: 'HDT', ean: '5602178', dg: 'A' },
  { name: 'Lusoterm', partner: true, chapters: [110], prefix: 'LST', ean: '5603321', dg: 'B' },
  { name: 'Fluxa', partner: false, chapters: [10, 20, 30], prefix: 'FLX', ean: '8437012', dg: 'B' },
  { name: 'Termaris', partner: true, chapters: [110, 100], prefix: 'TMR', ean: '5604410', dg: 'B' },
  { name: 'Valgaia', partner: true, chapters: [40, 120], prefix: 'VGA', ean: '5605567', dg: 'A' },
  {
    name: 'Ceralux',
    partner: false,
    chapters: [10, 20, 90],
    prefix: 'CRX',
    ean: '5606123',
    dg: 'C',
  },
  { name: 'Douroflex', partner: false, chapters: [40, 120], prefix: null, ean: '5607789', dg: 'C' },
  {
    name: 'Tejoplast',
    partner: true,
    chapters: [80, 70, 40, 50],
    prefix: 'TJP',
    ean: '5608234',
    dg: 'D',
  },
  { name: 'Minhorega', partner: true, chapters: [50], prefix: 'MRG', ean: '5609012', dg: 'D' },
  { name: 'Vedamix', partner: false, chapters: [60], prefix: null, ean: '4061234', dg: 'E' },
  { name: 'Solarea', partner: false, chapters: [110], prefix: 'SLR', ean: '8439876', dg: 'C' },
  { name: 'Bombinox', partner: true, chapters: [140, 200], prefix: 'BBX', ean: '5601357', dg: 'B' },
  { name: 'Guardafogo', partner: true, chapters: [150], prefix: 'GDF', ean: '5602468', dg: 'C' },
  { name: 'Extinlusa', partner: false, chapters: [150], prefix: null, ean: '5603579', dg: 'D' },
  { name: 'Piscimar', partner: false, chapters: [200], prefix: 'PSM', ean: '8434567', dg: 'D' },
  {
    name: 'Azulagua',
    partner: false,
    chapters: [200, 140],
    prefix: 'AZG',
    ean: '5604680',
    dg: 'E',
  },
  { name: 'Ventaria', partner: false, chapters: [100], prefix: 'VNT', ean: '5605791', dg: 'C' },
  { name: 'Aerolis', partner: false, chapters: [100, 130], prefix: 'ARL', ean: '4069876', dg: 'D' },
  { name: 'Aspirlar', partner: false, chapters: [130], prefix: 'ASP', ean: '5606802', dg: 'C' },
  { name: 'Gasflux', partner: false, chapters: [120], prefix: 'GFX', ean: '5607913', dg: 'B' },
  { name: 'Drenaqua', partner: false, chapters: [70, 80], prefix: 'DRQ', ean: '5608024', dg: 'D' },
  { name: 'Cisternia', partner: true, chapters: [90], prefix: 'CST', ean: '5609135', dg: 'B' },
  { name: 'Descargal', partner: false, chapters: [90, 80], prefix: null, ean: '5601246', dg: 'E' },
  { name: 'Banhoarte', partner: false, chapters: [10], prefix: 'BNA', ean: '5602357', dg: 'C' },
  { name: 'Vidrobanho', partner: false, chapters: [10], prefix: 'VDB', ean: '8436543', dg: 'D' },
  { name: 'Inoxlar', partner: false, chapters: [20, 30], prefix: 'INX', ean: '5603468', dg: 'C' },
  { name: 'Cozimar', partner: false, chapters: [30], prefix: 'CZM', ean: '5604579', dg: 'D' },
  {
    name: 'Rotaclima',
    partner: false,
    chapters: [110, 100],
    prefix: 'RTC',
    ean: '8431122',
    dg: 'B',
  },
  { name: 'Calorama', partner: false, chapters: [110], prefix: 'CLR', ean: '5605680', dg: 'C' },
  { name: 'Pressomat', partner: false, chapters: [140], prefix: 'PRM', ean: '4063344', dg: 'D' },
  { name: 'Jardiverde', partner: false, chapters: [50], prefix: 'JDV', ean: '5606791', dg: 'E' },
  { name: 'Quimipool', partner: false, chapters: [200, 60], prefix: null, ean: '5607802', dg: 'E' },
  { name: 'Tubarte', partner: false, chapters: [40, 70], prefix: 'TBA', ean: '5608913', dg: 'D' },
  {
    name: 'Metalusa',
    partner: false,
    chapters: [40, 80, 60],
    prefix: 'MTL',
    ean: '5609024',
    dg: 'E',
  },
  { name: 'Higilar', partner: false, chapters: [20, 60], prefix: 'HGL', ean: '5601968', dg: 'C' },
];

/** EAN prefix (GS1 Portugal) + company number of the distributor's own unbranded articles. */
export const HOUSE_EAN = '5601967';

/** `https://www.<slug>.example` */
export function brandSite(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
  return `https://www.${slug}.example`;
}
