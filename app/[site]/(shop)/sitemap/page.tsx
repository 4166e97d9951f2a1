import Link from 'next/link';
import { Breadcrumbs } from '@/components/catalogue/breadcrumbs';
import { brandListingPath, chapterPath, familyPath } from '@/lib/catalogue/urls';
import { pageMetadata } from '@/lib/seo';
import { listBrands, listChapters, listFamilies } from '@/server/catalogue/queries';

export const revalidate = 3600;

export const metadata = pageMetadata({
  title: 'Mapa do site',
  description: 'Todas as categorias, famílias de produtos, marcas e páginas da loja num só lugar.',
  path: '/sitemap',
});

const PAGES = [
  { href: '/', label: 'Início' },
  { href: '/produtos', label: 'Produtos por família' },
  { href: '/produtos-por-marca', label: 'Produtos por marca' },
  { href: '/campanhas', label: 'Campanhas' },
  { href: '/catalogos', label: 'Catálogos' },
  { href: '/catalogos-fabrica', label: 'Catálogos de fábrica' },
  { href: '/fichas-tecnicas', label: 'Fichas técnicas' },
  { href: '/sobre', label: 'Sobre nós' },
  { href: '/contacto', label: 'Contacto' },
  { href: '/pro', label: 'Profissionais (PRO)' },
  { href: '/garantias-e-assistencia', label: 'Garantias e assistência' },
  { href: '/condicoes-gerais-de-venda', label: 'Condições gerais de venda' },
];

export default async function SitemapPage() {
  const [chapters, families, brands] = await Promise.all([listChapters(), listFamilies(), listBrands()]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <Breadcrumbs items={[{ label: 'Mapa do site' }]} />
      <h1 className="mt-4 text-3xl font-bold text-slate-900">Mapa do site</h1>
      <div className="mt-8 grid gap-10 lg:grid-cols-[1fr_2fr]">
        <section aria-labelledby="sm-paginas">
          <h2 id="sm-paginas" className="text-xl font-bold text-slate-900">Páginas</h2>
          <ul className="mt-3 space-y-1.5">
            {PAGES.map((p) => (
              <li key={p.href}>
                <Link href={p.href} className="text-sky-800 hover:underline">{p.label}</Link>
              </li>
            ))}
          </ul>
          <h2 className="mt-10 text-xl font-bold text-slate-900">Marcas</h2>
          <ul className="mt-3 columns-2 space-y-1.5 text-sm">
            {brands.map((b) => (
              <li key={b.id}>
                <Link href={brandListingPath(b.slug)} className="text-sky-800 hover:underline">{b.name}</Link>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="sm-categorias">
          <h2 id="sm-categorias" className="text-xl font-bold text-slate-900">Categorias e famílias</h2>
          <div className="mt-3 grid gap-6 sm:grid-cols-2">
            {chapters.map((c) => (
              <div key={c.code}>
                <h3 className="font-semibold">
                  <Link href={chapterPath(c.slug)} className="text-slate-900 hover:underline">{c.title}</Link>
                </h3>
                <ul className="mt-1 space-y-1 text-sm">
                  {families.filter((f) => f.chapterCode === c.code).map((f) => (
                    <li key={f.code}>
                      <Link href={familyPath(c.slug, f.slug)} className="text-sky-800 hover:underline">{f.title}</Link>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      </div>
    </div>
  );
}
