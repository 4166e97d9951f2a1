/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import ContactPage, { revalidate, generateMetadata } from '@/app/[site]/(shop)/contacto/page';
import { DEFAULT_SHOP_SETTINGS } from '@/lib/catalogue/shop';
import { setupTestDatabase } from '../helpers/db';

// next-intl is an ES module Jest does not load: the stand-ins read the real messages file.
jest.mock('next-intl/server', () =>
  jest.requireActual('@/tests/helpers/next-intl').nextIntlServerMock(),
);
jest.mock('next-intl', () => jest.requireActual('@/tests/helpers/next-intl').nextIntlMock());
jest.mock('@/server/contact/actions', () => ({ sendContactMessageAction: jest.fn() }));

setupTestDatabase();

describe('/contacto', () => {
  it('has its title, description and canonical, and is cached (refreshed by invalidation)', async () => {
    expect(revalidate).toBeGreaterThan(0);
    const metadata = await generateMetadata();
    expect(metadata.title).toBe('Contacto | Casa das Águas de Gaia');
    expect(metadata.description).toMatch(/Vila Nova de Gaia/);
    expect(metadata.alternates?.canonical).toBe('/contacto');
  });

  it('shows addresses, phone, e-mail, hours, the map link, the form and the breadcrumb', async () => {
    const html = renderToStaticMarkup(await ContactPage());
    const s = DEFAULT_SHOP_SETTINGS;
    expect(html).toContain(
      '<h1 class="text-4xl font-bold tracking-tight text-slate-900">Contacto</h1>',
    );
    expect(html).toContain(s.address);
    expect(html).toContain(`${s.postalCode} ${s.city}`);
    expect(html).toContain(s.warehouseAddress);
    expect(html).toContain(`href="tel:+351223700150"`);
    expect(html).toContain(`href="mailto:${s.email}"`);
    expect(html).toContain('Segunda a Sexta');
    expect(html).toContain('08:30-12:30 e 14:30-19:00');
    expect(html).toContain('Sábado');
    expect(html).toContain('09:00-12:30');
    expect(html).toContain(`href="${s.mapsUrl.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('Ver no mapa');
    expect(html).not.toContain('<iframe');
    expect(html).toContain('data-testid="contact-form"');
    expect(html).toContain('Enviar mensagem');

    expect(html).toMatch(/Início<\/a>.*Contacto/);
    const jsonLd = html.match(/<script type="application\/ld\+json">(.*?)<\/script>/)?.[1];
    expect(JSON.parse(jsonLd ?? '{}')).toMatchObject({
      '@type': 'BreadcrumbList',
      itemListElement: [
        { position: 1, name: 'Início' },
        { position: 2, name: 'Contacto', item: expect.stringMatching(/\/contacto$/) },
      ],
    });
  });
});
