'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { Loader2Icon, SearchIcon } from 'lucide-react';
import { cx } from '@/lib/class-names';
import { isOffline } from '@/lib/pwa/offline-notice';
import {
  readSuggestions,
  SEARCH_DEBOUNCE_MS,
  SEARCH_MIN_CHARS,
  searchPageUrl,
  searchThumbnailUrl,
  suggestionHref,
  suggestionName,
  suggestionSizes,
  suggestionsUrl,
  type SearchSuggestion,
} from './search-utils';

type Status = 'idle' | 'loading' | 'done' | 'error' | 'offline';

export interface SearchBoxProps {
  className?: string;
  /** Called after the box navigated (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The header search (spec 2.6, 4, 9): an ARIA combobox whose suggestions come from
 * GET /api/products/search once the trimmed term has 2 characters, 300 ms after the last
 * keystroke; a newer request aborts the older one. Enter or the magnifier opens
 * /produtos?search=…, Escape clears the box, a chosen suggestion opens the product page.
 */
export function SearchBox({ className, onNavigate }: SearchBoxProps) {
  const t = useTranslations('Search');
  const router = useRouter();
  const baseId = React.useId();
  const inputId = `${baseId}-input`;
  const listId = `${baseId}-listbox`;
  const optionId = (i: number) => `${baseId}-option-${i}`;

  const [term, setTerm] = React.useState('');
  const [status, setStatus] = React.useState<Status>('idle');
  const [results, setResults] = React.useState<SearchSuggestion[]>([]);
  const [resultsFor, setResultsFor] = React.useState('');
  const [open, setOpen] = React.useState(false);
  const [active, setActive] = React.useState(-1);

  const timerRef = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const requestRef = React.useRef<AbortController | null>(null);
  const rootRef = React.useRef<HTMLDivElement>(null);

  const cancel = React.useCallback(() => {
    clearTimeout(timerRef.current);
    timerRef.current = undefined;
    requestRef.current?.abort();
    requestRef.current = null;
  }, []);

  React.useEffect(() => cancel, [cancel]);

  const fetchSuggestions = React.useCallback(async (query: string) => {
    requestRef.current?.abort();
    const controller = new AbortController();
    requestRef.current = controller;
    setStatus('loading');
    try {
      const response = await fetch(suggestionsUrl(query), {
        signal: controller.signal,
        headers: { Accept: 'application/json' },
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const rows = readSuggestions(await response.json());
      if (controller.signal.aborted) return;
      if (!rows) throw new Error('Resposta inválida');
      setResults(rows);
      setResultsFor(query);
      setActive(-1);
      setStatus('done');
    } catch {
      if (controller.signal.aborted) return;
      setResults([]);
      setResultsFor(query);
      setActive(-1);
      setStatus(isOffline() ? 'offline' : 'error');
    } finally {
      if (requestRef.current === controller) requestRef.current = null;
    }
  }, []);

  const reset = () => {
    cancel();
    setResults([]);
    setResultsFor('');
    setStatus('idle');
    setActive(-1);
  };

  const onChange = (value: string) => {
    setTerm(value);
    setOpen(true);
    const query = value.trim();
    if (query.length < SEARCH_MIN_CHARS) {
      reset();
      return;
    }
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => {
      timerRef.current = undefined;
      void fetchSuggestions(query);
    }, SEARCH_DEBOUNCE_MS);
  };

  const navigate = (href: string) => {
    setOpen(false);
    setActive(-1);
    router.push(href);
    onNavigate?.();
  };

  const submit = () => {
    const query = term.trim();
    if (!query) return;
    cancel();
    if (isOffline()) {
      // Searching needs the server: say so, and keep what was typed in the box.
      setResults([]);
      setResultsFor(query);
      setOpen(true);
      setStatus('offline');
      return;
    }
    navigate(searchPageUrl(query));
  };

  const choose = (index: number) => {
    const suggestion = results[index];
    if (!suggestion) return;
    setTerm('');
    reset();
    navigate(suggestionHref(suggestion));
  };

  const hasTerm = term.trim().length >= SEARCH_MIN_CHARS;
  const showList = results.length > 0;
  const expanded = open && (hasTerm || status === 'offline') && (status !== 'idle' || showList);

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        if (!results.length) return;
        event.preventDefault();
        setOpen(true);
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current) => {
          if (!expanded) return step === 1 ? 0 : results.length - 1;
          const next = current + step;
          if (next >= results.length) return 0;
          if (next < 0) return results.length - 1;
          return next;
        });
        return;
      }
      case 'Enter': {
        event.preventDefault();
        if (expanded && active >= 0 && active < results.length) choose(active);
        else submit();
        return;
      }
      case 'Escape': {
        if (!term && !expanded) return; // let an enclosing menu handle it
        event.preventDefault();
        event.stopPropagation();
        setTerm('');
        setOpen(false);
        reset();
        return;
      }
      default:
    }
  };

  const announcement = !expanded
    ? ''
    : status === 'loading'
      ? t('loading')
      : status === 'error'
        ? t('error')
        : status === 'offline'
          ? t('offline')
        : results.length
          ? t('count', { count: results.length })
          : t('noResults', { term: resultsFor });

  return (
    <div
      ref={rootRef}
      className={cx('relative w-full', className)}
      onBlur={(event) => {
        if (!rootRef.current?.contains(event.relatedTarget as Node | null)) {
          setOpen(false);
          setActive(-1);
        }
      }}
    >
      <form
        role="search"
        action="/produtos"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        className="relative flex items-center"
      >
        <label htmlFor={inputId} className="sr-only">
          {t('label')}
        </label>
        <input
          id={inputId}
          name="search"
          type="search"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
          aria-busy={status === 'loading'}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={t('placeholder')}
          value={term}
          onChange={(event) => onChange(event.target.value)}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className="h-10 w-full min-w-0 rounded-full border border-slate-300 bg-white pr-11 pl-4 text-sm text-slate-900 shadow-xs outline-none transition placeholder:text-slate-500 focus-visible:border-sky-600 focus-visible:ring-[3px] focus-visible:ring-sky-500/40 [&::-webkit-search-cancel-button]:hidden"
        />
        <button
          type="submit"
          aria-label={t('submit')}
          className="absolute right-1 grid size-8 place-items-center rounded-full text-slate-600 outline-none transition hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-[3px] focus-visible:ring-sky-500/50"
        >
          {status === 'loading' ? (
            <Loader2Icon aria-hidden className="size-4 animate-spin" data-testid="search-loading" />
          ) : (
            <SearchIcon aria-hidden className="size-4" />
          )}
        </button>
      </form>

      <div
        hidden={!expanded}
        className="absolute inset-x-0 top-full z-50 mt-2 overflow-hidden rounded-xl border bg-white text-slate-900 shadow-xl"
      >
        <ul
          id={listId}
          role="listbox"
          aria-label={t('suggestions')}
          hidden={!showList}
          className="max-h-[70vh] overflow-y-auto py-1"
        >
          {results.map((suggestion, index) => {
            const thumbnail = searchThumbnailUrl(suggestion.image_url ?? suggestion.main_photo_url);
            const sizes = suggestionSizes(suggestion);
            return (
              <li
                key={`${suggestion.id}-${index}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                className={cx(
                  'flex cursor-pointer items-center gap-3 px-3 py-2 text-sm',
                  index === active ? 'bg-sky-50 text-sky-950' : 'hover:bg-slate-50',
                )}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => setActive(index)}
                onClick={() => choose(index)}
              >
                {thumbnail ? (
                  // eslint-disable-next-line @next/next/no-img-element -- 40x40 WebP from the media route, already sized
                  <img
                    src={thumbnail}
                    alt=""
                    width={40}
                    height={40}
                    loading="lazy"
                    decoding="async"
                    className="size-10 shrink-0 rounded border bg-white object-contain"
                  />
                ) : (
                  <span aria-hidden className="size-10 shrink-0 rounded border bg-slate-100" />
                )}
                <span className="min-w-0 flex-1">
                  <span className="line-clamp-2 font-medium leading-snug">
                    {suggestionName(suggestion)}
                  </span>
                  {(sizes || suggestion.brand) && (
                    <span className="block truncate text-xs text-slate-600">
                      {[suggestion.brand, sizes].filter(Boolean).join(' · ')}
                    </span>
                  )}
                </span>
              </li>
            );
          })}
        </ul>
        {!showList && (
          <p className="flex items-center gap-2 px-4 py-3 text-sm text-slate-600">
            {status === 'loading' && <Loader2Icon aria-hidden className="size-4 animate-spin" />}
            {announcement}
          </p>
        )}
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}
