import Link from 'next/link';

/** Catalogues section: the shop's own and the factory catalogues side by side. */
export default function CataloguesLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <nav aria-label="Catálogos" className="mb-6 flex gap-2 text-sm">
        <Link href="/catalogos" className="rounded-full border px-4 py-1.5 font-medium hover:bg-slate-100">Catálogos</Link>
        <Link href="/catalogos-fabrica" className="rounded-full border px-4 py-1.5 font-medium hover:bg-slate-100">Catálogos de Fábrica</Link>
      </nav>
      {children}
    </div>
  );
}
