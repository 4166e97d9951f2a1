import type { Metadata } from 'next';
import { getLoginDebug } from '@/server/people/login-debug';

export const metadata: Metadata = { title: 'Diagnóstico de sessão', robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

const DECISION: Record<string, string> = { allow: 'permitido', login: 'pede login', 'admin-only': 'só administradores', denied: 'acesso negado' };

const yes = (v: boolean) => (v ? 'Sim' : 'Não');

/**
 * /admin/login-debug (spec 2.4, open): why this browser is or is not signed in — about this
 * browser only, never a token, a secret or another user's data.
 */
export default async function LoginDebugPage() {
  const d = await getLoginDebug();
  const row = 'flex justify-between gap-4 border-t py-2 text-sm';
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-10">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Diagnóstico de sessão</h1>
        <p className="mt-1 text-slate-600">O que o servidor vê deste navegador. Não mostra tokens nem dados de outras pessoas.</p>
      </div>
      <section className="rounded-xl border bg-white p-5" aria-labelledby="sessao">
        <h2 id="sessao" className="mb-2 font-semibold">Sessão</h2>
        <dl>
          <div className={row}><dt>Endereço (host)</dt><dd data-testid="debug-host">{d.host || '—'}</dd></div>
          <div className={row}><dt>Cookie de sessão presente</dt><dd data-testid="debug-cookie">{yes(d.cookiePresent)}{d.cookieNames.length ? ` (${d.cookieNames.join(', ')})` : ''}</dd></div>
          <div className={row}><dt>Sessão válida</dt><dd data-testid="debug-valid">{yes(d.sessionValid)}</dd></div>
          {d.cookiePresent && !d.sessionValid ? <p className="border-t py-2 text-sm text-amber-800">O cookie existe mas a sessão não é válida (expirou, foi terminada ou a conta foi desativada). Entre de novo.</p> : null}
        </dl>
      </section>
      <section className="rounded-xl border bg-white p-5" aria-labelledby="utilizador">
        <h2 id="utilizador" className="mb-2 font-semibold">Utilizador</h2>
        {d.user ? (
          <dl>
            <div className={row}><dt>Email</dt><dd data-testid="debug-email">{d.user.email}</dd></div>
            <div className={row}><dt>Função</dt><dd>{d.user.role}</dd></div>
            <div className={row}><dt>Marca de administrador</dt><dd>{yes(d.user.isAdmin)}</dd></div>
            <div className={row}><dt>Tipo</dt><dd>{d.user.userType}</dd></div>
            <div className={row}><dt>Distintivo</dt><dd>{d.user.badge}</dd></div>
          </dl>
        ) : (
          <p className="text-sm text-slate-700">Sem sessão iniciada.</p>
        )}
      </section>
      <section className="rounded-xl border bg-white p-5" aria-labelledby="flags">
        <h2 id="flags" className="mb-2 font-semibold">Funcionalidades neste endereço</h2>
        <dl>
          {d.flags.map((f) => (
            <div key={f.name} className={row}><dt className="font-mono text-xs">{f.name}</dt><dd>{f.on ? 'ligada' : 'desligada'}</dd></div>
          ))}
        </dl>
      </section>
      <section className="rounded-xl border bg-white p-5" aria-labelledby="proxy">
        <h2 id="proxy" className="mb-2 font-semibold">Decisão do proxy</h2>
        <dl>
          <div className={row}><dt>Proxy passou por este pedido</dt><dd>{yes(d.proxy.ran)}</dd></div>
          <div className={row}><dt>Caminho pedido</dt><dd className="font-mono text-xs">{d.proxy.path ?? '—'}</dd></div>
          <div className={row}><dt>Variante do site</dt><dd>{d.proxy.siteKey ?? '—'}</dd></div>
        </dl>
        <h3 className="mt-4 mb-1 text-sm font-semibold">Acesso deste utilizador</h3>
        <dl>
          {d.access.map((a) => (
            <div key={a.path} className={row}><dt className="font-mono text-xs">{a.path}</dt><dd>{DECISION[a.decision] ?? a.decision}</dd></div>
          ))}
        </dl>
      </section>
    </div>
  );
}
