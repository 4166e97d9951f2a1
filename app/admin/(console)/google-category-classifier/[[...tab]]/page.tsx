import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ClassifierTable, type ClassifierTableRow } from '@/components/admin/classifier/classifier-table';
import { RulesEditor } from '@/components/admin/classifier/rules-editor';
import { AdminPageHeader } from '@/components/admin/page-header';
import { AdminPager, pageParam } from '@/components/admin/pager';
import { DEFAULT_GOOGLE_CATEGORY, googleCategory } from '@/lib/catalogue/google-taxonomy';
import { requirePageAccess } from '@/server/auth/session';
import {
  CLASSIFIER_PAGE_SIZE,
  CONFIDENT_AT,
  classifierCounts,
  countConfidentFamilySuggestions,
  listClassifiedFamilies,
  listClassifiedProducts,
  listRules,
  listUnclassifiedFamilies,
  listUnclassifiedProducts,
  type ClassifierFamilyRow,
  type ClassifierProductRow,
} from '@/server/admin/classifier';

export const dynamic = 'force-dynamic';

export const metadata: Metadata = { title: 'Classificador de categorias Google', robots: { index: false, follow: false } };

const BASE = '/admin/google-category-classifier';
const TABS = ['unclassified', 'classified', 'rules'] as const;
type Tab = (typeof TABS)[number];

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

function familyRow(f: ClassifierFamilyRow): ClassifierTableRow {
  return { id: f.id, name: f.title, detail: `${f.code} · ${f.chapterTitle}`, productCount: f.productCount, categoryPath: f.categoryId ? `${f.categoryId} · ${f.categoryPath}` : null, suggestion: f.suggestion };
}

function productRow(p: ClassifierProductRow): ClassifierTableRow {
  return {
    id: p.id,
    name: p.name,
    detail: `${p.productCode} · ${p.familyTitle}`,
    categoryPath: p.categoryId ? `${p.categoryId} · ${p.categoryPath}` : null,
    inherited: p.categoryId === null && p.familyCategoryId !== null,
    familyCategoryPath: p.familyCategoryId ? `${p.familyCategoryId} · ${p.familyCategoryPath}` : null,
    suggestion: p.suggestion,
  };
}

/**
 * /admin/google-category-classifier/{unclassified|classified|rules} (manage_products): the
 * families and products without a Google category (each with its suggestion — a staff rule's or
 * the classifier's — its confidence and "aplicar"; "Aplicar as sugestões" for the confident ones),
 * those with one (change or remove), and the rules themselves.
 */
export default async function ClassifierPage({ params, searchParams }: { params: Promise<{ tab?: string[] }>; searchParams: SearchParams }) {
  const { tab: segments } = await params;
  const path = segments?.length ? `${BASE}/${segments.map(encodeURIComponent).join('/')}` : BASE;
  await requirePageAccess(path);
  if (segments && (segments.length > 1 || !(TABS as readonly string[]).includes(segments[0] ?? ''))) notFound();
  const tab: Tab = (segments?.[0] as Tab | undefined) ?? 'unclassified';
  const query = await searchParams;
  const q = one(query.q).slice(0, 100);
  const list = one(query.lista) === 'produtos' ? 'produtos' : 'familias';
  const page = pageParam(query.pagina);
  const [t, counts] = await Promise.all([getTranslations('Admin.Classifier'), classifierCounts()]);
  const fallback = googleCategory(DEFAULT_GOOGLE_CATEGORY);

  const tabLabel: Record<Tab, string> = {
    unclassified: `${t('tabUnclassified')} (${counts.unclassifiedFamilies + counts.unclassifiedProducts})`,
    classified: `${t('tabClassified')} (${counts.classifiedFamilies + counts.classifiedProducts})`,
    rules: `${t('tabRules')} (${counts.rules})`,
  };

  let body: React.ReactNode;
  if (tab === 'rules') {
    const rules = await listRules();
    body = (
      <>
        <p className="mb-4 text-slate-700">{t('rulesIntro')}</p>
        <RulesEditor rules={rules.map((r) => ({ id: r.id, keywordsText: r.keywordsText, categoryId: r.categoryId, categoryPath: r.categoryPath, priority: r.priority, version: r.version }))} />
      </>
    );
  } else {
    const classified = tab === 'classified';
    const { items, total } =
      list === 'familias'
        ? await (classified ? listClassifiedFamilies : listUnclassifiedFamilies)({ q, page }).then((r) => ({ items: r.items.map(familyRow), total: r.total }))
        : await (classified ? listClassifiedProducts : listUnclassifiedProducts)({ q, page }).then((r) => ({ items: r.items.map(productRow), total: r.total }));
    const confidentTotal = !classified && list === 'familias' ? await countConfidentFamilySuggestions() : null;
    const here = `${BASE}/${tab}`;
    const subLink = (value: 'familias' | 'produtos', label: string, n: number) => (
      <Link
        href={value === 'familias' ? `${here}${q ? `?q=${encodeURIComponent(q)}` : ''}` : `${here}?lista=produtos${q ? `&q=${encodeURIComponent(q)}` : ''}`}
        prefetch={false}
        aria-current={list === value ? 'page' : undefined}
        className={`rounded-full border px-3 py-1 text-sm ${list === value ? 'border-sky-800 bg-sky-800 text-white' : 'bg-white hover:bg-slate-50'}`}
      >
        {label} ({n})
      </Link>
    );
    body = (
      <>
        <div className="mb-3 flex flex-wrap items-end justify-between gap-3">
          <nav aria-label={`${t('families')} / ${t('products')}`} className="flex gap-2">
            {subLink('familias', t('families'), classified ? counts.classifiedFamilies : counts.unclassifiedFamilies)}
            {subLink('produtos', t('products'), classified ? counts.classifiedProducts : counts.unclassifiedProducts)}
          </nav>
          <form method="get" action={here} role="search" className="flex items-end gap-2">
            {list === 'produtos' ? <input type="hidden" name="lista" value="produtos" /> : null}
            <label htmlFor="cls-q" className="sr-only">
              {t('search')}
            </label>
            <input id="cls-q" name="q" type="search" defaultValue={q} placeholder={t('searchPlaceholder')} className="h-9 rounded-md border px-3 text-sm" />
            <button type="submit" className="h-9 rounded-md border bg-white px-3 text-sm font-medium hover:bg-slate-50">
              {t('filter')}
            </button>
          </form>
        </div>
        <p className="mb-3 text-sm text-slate-700">
          {list === 'familias'
            ? classified
              ? t('familiesClassifiedIntro')
              : t('familiesUnclassifiedIntro')
            : classified
              ? t('productsClassifiedIntro')
              : t('productsUnclassifiedIntro')}
        </p>
        <ClassifierTable
          key={`${tab}-${list}-${page}-${q}`}
          kind={list === 'familias' ? 'family' : 'product'}
          rows={items}
          classified={classified}
          threshold={CONFIDENT_AT}
          confidentTotal={confidentTotal}
        />
        <AdminPager base={here} query={{ lista: list === 'produtos' ? 'produtos' : undefined, q: q || undefined }} page={page} pageSize={CLASSIFIER_PAGE_SIZE} total={total} />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <AdminPageHeader title={t('title')} description={t('description', { fallback: `${DEFAULT_GOOGLE_CATEGORY} (${fallback?.nameEn ?? ''})` })} />
      <nav aria-label={t('tabsLabel')} className="mb-6 flex flex-wrap gap-1 border-b">
        {TABS.map((name) => (
          <Link
            key={name}
            href={`${BASE}/${name}`}
            prefetch={false}
            aria-current={tab === name ? 'page' : undefined}
            className={`-mb-px rounded-t-md border px-4 py-2 text-sm font-medium ${tab === name ? 'border-b-white bg-white text-slate-900' : 'border-transparent text-sky-800 hover:bg-slate-50'}`}
          >
            {tabLabel[name]}
          </Link>
        ))}
      </nav>
      {body}
    </div>
  );
}
