'use client';

import * as React from 'react';
import type { NewsletterFormInitial, NewsletterFormProps } from './newsletter-form';
import type { NewsletterVariant } from './newsletter-form-markup';

// The interactive form (state, validation, the server action, toasts) is its own chunk, loaded
// the first time the pointer, a touch or the focus reaches the plain form.
const loadForm = () => import('./newsletter-form');

type FormComponent = React.ComponentType<NewsletterFormProps>;

/** What the plain form holds now: typed values, the focused field and its caret. */
function readPlainForm(form: HTMLFormElement | null | undefined, submit: boolean): NewsletterFormInitial {
  if (!form) return { submit };
  const value = (name: string) => {
    const field = form.elements.namedItem(name);
    return field instanceof HTMLInputElement || field instanceof HTMLSelectElement ? field.value : '';
  };
  const active = document.activeElement;
  const focused = active instanceof HTMLInputElement || active instanceof HTMLSelectElement ? active : null;
  let focus: NewsletterFormInitial['focus'] = null;
  if (focused && form.contains(focused) && focused.name) {
    let selectionStart: number | null = null;
    let selectionEnd: number | null = null;
    try {
      if (focused instanceof HTMLInputElement) ({ selectionStart, selectionEnd } = focused);
    } catch {
      // type="email" has no selection API in some browsers.
    }
    focus = { name: focused.name, selectionStart, selectionEnd };
  }
  return { email: value('email'), customerType: value('mmerge4'), honeypot: value('website'), focus, submit };
}

export interface NewsletterFormLoaderProps {
  variant: NewsletterVariant;
  idBase: string;
  className?: string;
  /** The plain server-rendered form (newsletter-form-shell.tsx). */
  children: React.ReactNode;
}

/**
 * Shows the server-rendered newsletter form and, on the first sign of use, loads the interactive
 * one and puts it in its place with what was typed, the focus and a submit that came first.
 */
export function NewsletterFormLoader({ variant, idBase, className, children }: NewsletterFormLoaderProps) {
  const [Form, setForm] = React.useState<FormComponent | null>(null);
  const box = React.useRef<HTMLDivElement>(null);
  const loading = React.useRef(false);
  const submitted = React.useRef(false);

  const activate = React.useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    loadForm().then(
      (m) => setForm(() => m.NewsletterForm),
      () => {
        loading.current = false;
      },
    );
  }, []);

  const initial = React.useCallback(
    () => readPlainForm(box.current?.querySelector('form'), submitted.current),
    [],
  );

  return (
    <div
      ref={box}
      className="contents"
      onPointerOver={Form ? undefined : activate}
      onTouchStart={Form ? undefined : activate}
      onFocusCapture={Form ? undefined : activate}
      onSubmitCapture={
        Form
          ? undefined
          : (event) => {
              // Too early for the real form: it submits this once it is in place.
              event.preventDefault();
              submitted.current = true;
              activate();
            }
      }
    >
      {Form ? <Form variant={variant} idBase={idBase} className={className} initial={initial} /> : children}
    </div>
  );
}
