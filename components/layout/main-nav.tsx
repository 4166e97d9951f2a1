'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ChevronDownIcon } from 'lucide-react';
import { NewsletterDialogTrigger } from '@/components/newsletter/newsletter-dialog';
import { cx } from '@/lib/class-names';
import { useHoverIntent } from './hover-intent';
import { isNavGroupActive, isNavLinkActive, MAIN_NAV, type NavGroupItem } from './nav-config';

// The items' classes are written out whole (no tailwind-merge on the client): the shape, then the
// colours of an ordinary item or of the highlighted 'Pro' one.
const itemBase =
  'inline-flex h-9 items-center gap-1 rounded-md px-3 text-sm outline-none transition-colors focus-visible:ring-[3px] focus-visible:ring-sky-500/60 ' +
  'group-data-[transparent=true]/header:hover:bg-white/15 group-data-[transparent=true]/header:data-[active=true]:bg-white/20';
const itemClass =
  `${itemBase} font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-950 data-[active=true]:text-sky-800 data-[active=true]:bg-sky-50 ` +
  'group-data-[transparent=true]/header:text-white';
const proItemClass =
  `${itemBase} font-bold text-amber-700 hover:bg-amber-50 hover:text-amber-800 data-[active=true]:bg-amber-50 data-[active=true]:text-amber-800 ` +
  'group-data-[transparent=true]/header:text-amber-300 group-data-[transparent=true]/header:data-[active=true]:text-amber-200';

function focusables(container: HTMLElement | null): HTMLElement[] {
  return container
    ? Array.from(container.querySelectorAll<HTMLElement>('a[href], button:not([disabled])'))
    : [];
}

function NavDropdown({
  item,
  open,
  pathname,
  onEnter,
  onLeave,
  onToggle,
  onOpenNow,
  onClose,
}: {
  item: NavGroupItem;
  open: boolean;
  pathname: string;
  onEnter: () => void;
  onLeave: () => void;
  onToggle: () => void;
  onOpenNow: () => void;
  onClose: () => void;
}) {
  const t = useTranslations('Nav');
  const baseId = React.useId();
  const triggerRef = React.useRef<HTMLButtonElement>(null);
  const panelRef = React.useRef<HTMLDivElement>(null);
  const groupActive = isNavGroupActive(
    pathname,
    item.items.map((i) => i.href),
  );

  const closeAndFocusTrigger = () => {
    onClose();
    triggerRef.current?.focus();
  };

  const moveFocus = (step: 1 | -1 | 'first' | 'last') => {
    const items = focusables(panelRef.current);
    if (!items.length) return;
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next =
      step === 'first'
        ? 0
        : step === 'last'
          ? items.length - 1
          : (index + step + items.length) % items.length;
    items[next]?.focus();
  };

  return (
    <li
      className="relative"
      onPointerEnter={(event) => event.pointerType === 'mouse' && onEnter()}
      onPointerLeave={(event) => event.pointerType === 'mouse' && onLeave()}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) onClose();
      }}
    >
      <button
        ref={triggerRef}
        type="button"
        id={`${baseId}-trigger`}
        className={itemClass}
        data-active={groupActive}
        data-state={open ? 'open' : 'closed'}
        aria-expanded={open}
        aria-controls={`${baseId}-panel`}
        onClick={onToggle}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') {
            event.preventDefault();
            if (!open) flushSync(onOpenNow);
            moveFocus('first');
          } else if (event.key === 'Escape' && open) {
            event.preventDefault();
            onClose();
          }
        }}
      >
        {t(item.key)}
        <ChevronDownIcon
          aria-hidden
          className={cx('size-4 transition-transform duration-200', open && 'rotate-180')}
        />
      </button>
      <div
        ref={panelRef}
        id={`${baseId}-panel`}
        hidden={!open}
        className="absolute top-full left-0 z-50 pt-2"
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            closeAndFocusTrigger();
          } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            moveFocus(event.key === 'ArrowDown' ? 1 : -1);
          } else if (event.key === 'Home' || event.key === 'End') {
            event.preventDefault();
            moveFocus(event.key === 'Home' ? 'first' : 'last');
          }
        }}
      >
        <ul
          className="min-w-60 rounded-lg border border-slate-200 bg-white p-1.5 text-slate-800 shadow-lg"
          aria-labelledby={`${baseId}-trigger`}
        >
          {item.items.map((link) => {
            const active = isNavLinkActive(pathname, link.href);
            return (
              <li key={link.href}>
                <Link
                  href={link.href}
                  aria-current={active ? 'page' : undefined}
                  data-active={active}
                  onClick={onClose}
                  className="block rounded-md px-3 py-2 text-sm font-medium outline-none hover:bg-slate-100 focus-visible:ring-[3px] focus-visible:ring-sky-500/60 data-[active=true]:bg-sky-50 data-[active=true]:text-sky-800"
                >
                  {t(link.key)}
                </Link>
              </li>
            );
          })}
        </ul>
      </div>
    </li>
  );
}

/**
 * Main navigation (desktop, ≥ 768 px; spec 2.6): two dropdowns that open on hover after 200 ms
 * (at once within 300 ms of another one) and close 150 ms after the pointer left, single links
 * active on their exact path, 'PRO' in amber and the newsletter dialog trigger.
 * Keyboard: Enter/Space toggle a dropdown, ArrowDown opens it and enters it, Escape closes it,
 * Tab moves through.
 */
export function MainNav({ className }: { className?: string }) {
  const t = useTranslations('Nav');
  const pathname = usePathname() ?? '/';
  const [openKey, intent] = useHoverIntent();
  const navRef = React.useRef<HTMLElement>(null);

  // A path change closes the dropdowns.
  React.useEffect(() => {
    intent.close();
  }, [pathname, intent]);

  // Escape anywhere and a click outside close an open dropdown.
  React.useEffect(() => {
    if (openKey === null) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') intent.close();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (!navRef.current?.contains(event.target as Node)) intent.close();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [openKey, intent]);

  return (
    <nav ref={navRef} aria-label={t('label')} className={className}>
      <ul className="flex items-center gap-0.5">
        {MAIN_NAV.map((item) => {
          if (item.kind === 'group') {
            return (
              <NavDropdown
                key={item.key}
                item={item}
                open={openKey === item.key}
                pathname={pathname}
                onEnter={() => intent.enter(item.key)}
                onLeave={() => intent.leave()}
                onToggle={() => intent.toggle(item.key)}
                onOpenNow={() => intent.open(item.key)}
                onClose={() => intent.close()}
              />
            );
          }
          if (item.kind === 'newsletter') {
            return (
              <li key={item.key}>
                <NewsletterDialogTrigger className={itemClass} />
              </li>
            );
          }
          const active = isNavLinkActive(pathname, item.href);
          return (
            <li key={item.key}>
              <Link
                href={item.href}
                aria-current={active ? 'page' : undefined}
                data-active={active}
                className={item.highlight ? proItemClass : itemClass}
              >
                {t(item.key)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
