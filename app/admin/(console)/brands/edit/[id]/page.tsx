import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { AuditHistory } from '@/components/admin/audit-history';
import { listAuditInWords } from '@/server/audit/views';
import { BrandForm } from '@/components/admin/brands/brand-form';
import { BrandMerge } from '@/components/admin/brands/brand-merge';
import { AdminPageHeader } from '@/components/admin/page-header';
import { BRAND_FIELD_LABELS } from '@/lib/brands/labels';
import { brandListingPath } from '@/lib/catalogue/urls';
import { requirePageAccess } from '@/server/auth/session';
import { BRAND_ENTITY, getAdminBrand, listBrandChoices } from '@/server/brands/admin';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Editar marca', robots: { index: false, follow: false } };

type Params = Promise<{ id: string }>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/** /admin/brands/edit/{id} (`manage_products`): the form, the merge and the history. */
export default async function EditBrandPage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { id } = await params;
  await requirePageAccess(`/admin/brands/edit/${encodeURIComponent(id)}`);
  const [brand, choices] = await Promise.all([getAdminBrand(id), listBrandChoices()]);
  if (!brand) notFound();
  const query = await searchParams;
  return (
    <div className="mx-auto max-w-3xl space-y-8">
      <AdminPageHeader
        title={brand.name}
        description={
          <Link href={brandListingPath(brand.slug)} prefetch={false} className="text-sky-800 hover:underline">
            Ver os {brand.productCount} produto(s) na loja
          </Link>
        }
        crumbs={[{ label: 'Marcas', href: '/admin/brands' }, { label: 'Editar' }]}
      />
      {query.criada || query.fundida ? (
        <p role="status" className="rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900">
          {query.fundida ? 'Marcas fundidas: os produtos passaram para esta marca.' : 'Marca criada.'}
        </p>
      ) : null}
      <BrandForm
        id={brand.id}
        version={brand.version}
        initial={{ name: brand.name, slug: brand.slug, logo: brand.logo ?? '', official_site: brand.officialSite ?? '', partner: brand.partner, partner_order: brand.partnerOrder ?? 0 }}
      />
      {brand.redirects.length > 0 ? (
        <p className="text-sm text-slate-600">Endereços antigos que levam a esta marca: {brand.redirects.join(', ')}.</p>
      ) : null}
      <BrandMerge source={{ id: brand.id, name: brand.name, productCount: brand.productCount }} choices={choices} />
      <AuditHistory entries={await listAuditInWords(BRAND_ENTITY, brand.id, BRAND_FIELD_LABELS)} />
    </div>
  );
}
