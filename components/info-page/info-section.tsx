import type { ReactNode } from 'react';

/** The heading of a section of an information page (PRO, about us, guarantees). */
const INFO_H2_CLASS = 'text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl';

/**
 * A section of an information page: a `<section>` named by its `<h2>` (`aria-labelledby`, the id
 * is also the anchor of the section), an optional lead paragraph and the section's content.
 */
export function InfoSection({
  id,
  title,
  lead,
  className,
  children,
}: {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={INFO_H2_CLASS}>
        {title}
      </h2>
      {lead ? <p className="mt-4 max-w-3xl leading-relaxed text-slate-700">{lead}</p> : null}
      {children}
    </section>
  );
}
