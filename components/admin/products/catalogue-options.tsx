import * as React from 'react';
import type { ProductFormOptionsProps } from './product-form';

/*
 * The <option>s of the catalogue's own lists, as the product screens show them (the filters, the
 * bulk actions, the product form): "code · title" for chapters and families, the name for brands.
 */

export function ChapterOptions({ chapters }: { chapters: ProductFormOptionsProps['chapters'] }) {
  return chapters.map((c) => (
    <option key={c.code} value={String(c.code)}>
      {c.code} · {c.title}
    </option>
  ));
}

export function FamilyOptions({ families }: { families: ProductFormOptionsProps['families'] }) {
  return families.map((f) => (
    <option key={f.id} value={String(f.id)}>
      {f.code} · {f.title}
    </option>
  ));
}

export function BrandOptions({ brands }: { brands: ProductFormOptionsProps['brands'] }) {
  return brands.map((b) => (
    <option key={b.id} value={String(b.id)}>
      {b.name}
    </option>
  ));
}

/** A small labelled control of the product list's toolbars (filters, bulk actions). */
export function ToolbarField({ htmlFor, label, className, children }: { htmlFor: string; label: React.ReactNode; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={htmlFor} className="block text-xs font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}
