'use client';

import './globals.css';

/**
 * The last resort, when the root layout itself fails: it replaces the whole document, outside the
 * messages provider, so its few words are written here (pt-PT, as messages/pt-PT.json "Errors"
 * says them). Also what the admin login and the development outbox show when they fail (no
 * boundary of their own: each boundary is loaded with every page). Shop pages and the admin
 * console show components/errors/page-error.tsx inside their frame.
 */
export default function GlobalError({ error }: { error: Error & { digest?: string } }) {
  return (
    <html lang="pt-PT">
      <body className="min-h-screen font-sans">
        <main className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-4 px-4 text-center">
          <h1 className="text-2xl font-bold text-slate-900">
            Não foi possível mostrar esta página
          </h1>
          <p className="text-slate-600" role="alert">
            Ocorreu um erro ao mostrar esta página. Tente novamente; se o problema continuar, volte
            à página inicial.
          </p>
          {error.digest && <p className="text-xs text-slate-400">Ref. {error.digest}</p>}
          <div className="flex flex-wrap justify-center gap-3">
            <button
              type="button"
              onClick={() => window.location.reload()}
              className="rounded-md bg-sky-700 px-4 py-2 font-medium text-white hover:bg-sky-800"
            >
              Tentar novamente
            </button>
            {/* A full load: the app's own state is what failed. */}
            {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
            <a
              href="/"
              className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
            >
              Página inicial
            </a>
          </div>
        </main>
      </body>
    </html>
  );
}
