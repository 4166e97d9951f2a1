import Link from 'next/link';

/** Admin pages open without a session (login): a plain frame with the way back to the shop. */
export default function AdminOpenLayout({ children }: { children: React.ReactNode }) {
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="border-b bg-white px-4 py-3">
        <Link href="/" className="text-sm text-sky-800 hover:underline">
          ← Voltar à loja
        </Link>
      </header>
      <main id="conteudo">{children}</main>
    </div>
  );
}
