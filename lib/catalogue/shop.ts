import type { OpeningHours, SocialLink } from './types';

/** Default shop facts (spec 1 and 9); stored in shop_settings on first start, editable later. */
export const DEFAULT_SHOP_SETTINGS = {
  name: 'Casa das Águas de Gaia',
  legalName: 'Casa das Águas de Gaia, Lda.',
  tagline: 'reforme. decore. crie.',
  foundedYear: 1967,
  employees: 15,
  priceRange: '€€',
  address: 'Rua do Agro, 245',
  postalCode: '4400-012',
  city: 'Vila Nova de Gaia',
  country: 'PT',
  phone: '+351 223 700 150',
  email: 'geral@casadasaguasgaia.pt',
  hours: [
    { days: 'Segunda a Sexta', periods: ['08:30-12:30', '14:30-19:00'] },
    { days: 'Sábado', periods: ['09:00-12:30'] },
  ] satisfies OpeningHours[],
  warehouseAddress: 'Zona Industrial de Canelas, Rua B, Lote 12',
  warehousePostalCode: '4410-279',
  warehouseCity: 'Vila Nova de Gaia',
  warehousePhone: '+351 223 700 160',
  mapsUrl: 'https://www.google.com/maps/search/?api=1&query=Rua+do+Agro+245+Vila+Nova+de+Gaia',
  latitude: '41.124300',
  longitude: '-8.611700',
  complaintsBookUrl: 'https://www.livroreclamacoes.pt/',
  socialLinks: [
    { network: 'Facebook', url: 'https://www.facebook.com/casadasaguasgaia' },
    { network: 'Instagram', url: 'https://www.instagram.com/casadasaguasgaia' },
    { network: 'LinkedIn', url: 'https://www.linkedin.com/company/casadasaguasgaia' },
  ] satisfies SocialLink[],
};
