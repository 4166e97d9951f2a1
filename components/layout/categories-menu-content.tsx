'use client';

import * as React from 'react';
import { flushSync } from 'react-dom';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { ArrowRightIcon, ChevronRightIcon } from 'lucide-react';
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from '@/components/ui/sheet';
import { restoreFocus } from '@/components/ui/focus-return';
import { chapterPath, familyPath } from '@/lib/catalogue/urls';
import { cn } from '@/lib/utils';
import type { NavigationChapter } from '@/lib/catalogue/types';
import { loadedNavigation, loadNavigation } from './navigation-data';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

/** A hovered chapter shows its families after this pause (keeps diagonal pointer moves calm). */
export const CHAPTER_HOVER_DELAY_MS = 100;

export interface CategoriesMenuContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  id: string;
  /** The header button, which gets focus back when the panel closes. */
  trigger: React.RefObject<HTMLElement | null>;
}

/**
 * The chapters of GET /api/navigation: null while they load (usually already there: the button
 * asks for them when the pointer or focus reaches it), 'error' when the request failed.
 */
function useNavigation() {
  const [chapters, setChapters] = React.useState<NavigationChapter[] | null | 'error'>(loadedNavigation);
  const [attempt, setAttempt] = React.useState(0);
  React.useEffect(() => {
    // Always asked (already there: the settled promise, the same list): they may have arrived
    // between the first render and this effect, with the state still saying "loading".
    let live = true;
    loadNavigation().then(
      (list) => live && setChapters(list),
      () => live && setChapters('error'),
    );
    return () => {
      live = false;
    };
  }, [attempt]);
  const retry = () => {
    setChapters(null);
    setAttempt((n) => n + 1);
  };
  return { chapters, retry };
}

/**
 * The panel of the categories menu (see CategoriesMenu), loaded the first time it is wanted with
 * its data (GET /api/navigation): the 16 chapters, and on desktop (≥ 768 px) the families of the hovered or clicked chapter as image
 * cards under 'Selecione uma família', with 'Ver todos os produtos em {chapter}'; on mobile a
 * chapter is a link to its page. Escape closes it.
 */
export function CategoriesMenuContent({ open, onOpenChange, id, trigger }: CategoriesMenuContentProps) {
  const { chapters: loaded, retry } = useNavigation();
  const chapters = Array.isArray(loaded) ? loaded : [];
  const t = useTranslations('Nav');
  const th = useTranslations('Header');
  const isDesktop = useMediaQuery(DESKTOP_QUERY);
  const baseId = React.useId();
  const panelId = `${baseId}-families`;

  const [activeCode, setActiveCode] = React.useState<number | null>(null);
  const hoverTimer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const panelRef = React.useRef<HTMLElement>(null);
  const listRef = React.useRef<HTMLUListElement>(null);
  const contentRef = React.useRef<HTMLDivElement>(null);

  // Opened before the chapters arrived, focus went to the close button: once they are there, it
  // moves to the first chapter, where it would have gone (unless the user has moved it).
  const ready = Array.isArray(loaded);
  const focusOnArrival = React.useRef(false);
  React.useEffect(() => {
    if (open && !ready) focusOnArrival.current = true;
    if (!open) focusOnArrival.current = false;
  }, [open, ready]);
  React.useEffect(() => {
    if (!ready || !focusOnArrival.current) return;
    focusOnArrival.current = false;
    const focused = document.activeElement;
    const content = contentRef.current;
    if (content && (focused === content || (focused instanceof HTMLElement && focused.dataset.slot === 'sheet-close' && content.contains(focused)))) {
      listRef.current?.querySelector<HTMLElement>('a[href], button')?.focus();
    }
  }, [ready]);

  React.useEffect(() => () => clearTimeout(hoverTimer.current), []);

  const active = chapters.find((c) => c.code === activeCode) ?? chapters[0];
  const close = () => onOpenChange(false);

  const select = (code: number, focusPanel: boolean) => {
    clearTimeout(hoverTimer.current);
    if (focusPanel) {
      flushSync(() => setActiveCode(code));
      panelRef.current?.querySelector<HTMLElement>('a[href]')?.focus();
    } else {
      setActiveCode(code);
    }
  };

  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        ref={contentRef}
        id={id}
        onCloseAutoFocus={(event) => restoreFocus(event, trigger.current)}
        side="left"
        closeLabel={th('close')}
        className="w-full gap-0 p-0 sm:max-w-sm md:w-[min(68rem,calc(100vw-2rem))] md:max-w-none"
        data-testid="categories-menu"
      >
        <SheetHeader className="border-b pr-12">
          <SheetTitle className="text-lg">{t('categoriesTitle')}</SheetTitle>
          <SheetDescription className="sr-only">{t('categoriesDescription')}</SheetDescription>
        </SheetHeader>
        <div className="flex min-h-0 flex-1">
          <nav
            aria-label={t('chapters')}
            className="w-full overflow-y-auto py-2 md:w-80 md:shrink-0 md:border-r"
          >
            {loaded === null && (
              <p role="status" className="px-4 py-3 text-sm text-slate-600">
                {t('categoriesLoading')}
              </p>
            )}
            {loaded === 'error' && (
              <div role="alert" className="space-y-2 px-4 py-3 text-sm text-slate-700">
                <p>{t('categoriesError')}</p>
                <button
                  type="button"
                  onClick={retry}
                  className="rounded font-medium text-sky-700 underline underline-offset-4 outline-none focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
                >
                  {t('retry')}
                </button>
              </div>
            )}
            <ul ref={listRef}>
              {chapters.map((chapter) => {
                const isActive = isDesktop && active?.code === chapter.code;
                const content = (
                  <>
                    <span className="min-w-0 flex-1">
                      <span className="block leading-snug">{chapter.title}</span>
                      <span className="block text-xs font-normal text-slate-600">
                        {t('familyCount', { count: chapter.familyCount })}
                      </span>
                    </span>
                    <ChevronRightIcon aria-hidden className="size-4 shrink-0 text-slate-400" />
                  </>
                );
                const itemClass = cn(
                  'flex w-full items-center gap-3 px-4 py-2.5 text-left text-sm font-medium text-slate-800 outline-none transition-colors hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-[3px] focus-visible:ring-inset focus-visible:ring-sky-500/60',
                  isActive && 'bg-sky-50 text-sky-900 hover:bg-sky-50',
                );
                return (
                  <li key={chapter.code}>
                    {isDesktop ? (
                      <button
                        type="button"
                        className={itemClass}
                        aria-expanded={isActive}
                        aria-controls={panelId}
                        data-chapter-code={chapter.code}
                        onPointerEnter={(event) => {
                          if (event.pointerType !== 'mouse') return;
                          clearTimeout(hoverTimer.current);
                          hoverTimer.current = setTimeout(
                            () => setActiveCode(chapter.code),
                            CHAPTER_HOVER_DELAY_MS,
                          );
                        }}
                        onPointerLeave={() => clearTimeout(hoverTimer.current)}
                        // A keyboard "click" (detail 0) moves on into the chosen chapter's families.
                        onClick={(event) => select(chapter.code, event.detail === 0)}
                      >
                        {content}
                      </button>
                    ) : (
                      <Link
                        href={chapterPath(chapter.slug)}
                        className={itemClass}
                        data-chapter-code={chapter.code}
                        onClick={close}
                      >
                        {content}
                      </Link>
                    )}
                  </li>
                );
              })}
            </ul>
          </nav>
          {isDesktop && active && (
            <section
              ref={panelRef}
              id={panelId}
              aria-labelledby={`${panelId}-heading`}
              className="min-w-0 flex-1 overflow-y-auto p-6"
              data-testid="mega-menu-families"
              data-chapter-code={active.code}
            >
              <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
                {active.title}
              </p>
              <h2 id={`${panelId}-heading`} className="mt-1 text-xl font-bold text-slate-900">
                {t('selectFamily')}
              </h2>
              <Link
                href={`${chapterPath(active.slug)}?view=all`}
                onClick={close}
                className="mt-2 inline-flex items-center gap-1 rounded text-sm font-medium text-sky-700 underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
              >
                {t('viewAll', { chapter: active.title })}
                <ArrowRightIcon aria-hidden className="size-4" />
              </Link>
              {active.families.length ? (
                <ul className="mt-5 grid grid-cols-2 gap-3 lg:grid-cols-3 xl:grid-cols-4">
                  {active.families.map((family) => (
                    <li key={family.code}>
                      <Link
                        href={familyPath(active.slug, family.slug)}
                        onClick={close}
                        className="flex h-full items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 text-sm font-medium text-slate-800 outline-none transition hover:border-sky-300 hover:shadow-sm focus-visible:ring-[3px] focus-visible:ring-sky-500/60"
                      >
                        {/* eslint-disable-next-line @next/next/no-img-element -- 64x64 WebP q70 from the media route (spec 9) */}
                        <img
                          src={family.imageUrl}
                          alt=""
                          width={64}
                          height={64}
                          loading="lazy"
                          decoding="async"
                          className="size-16 shrink-0 rounded-md bg-slate-50 object-cover"
                        />
                        <span className="min-w-0 leading-snug">{family.title}</span>
                      </Link>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-5 text-sm text-slate-600">{t('noFamilies')}</p>
              )}
            </section>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
