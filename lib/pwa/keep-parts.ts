/**
 * Parts of the page that load on first use (menus, the cart dropdown, dialogs: React.lazy chunks)
 * would be missing offline if they were never opened online. Each registers its loader here; once
 * the service worker is in control, components/pwa/offline-shell.tsx loads those not loaded yet
 * for this build, one at a time while the browser is idle, so the worker keeps their files.
 */
const parts = new Map<string, () => Promise<unknown>>();

export function keepForOffline(name: string, load: () => Promise<unknown>): void {
  parts.set(name, load);
}

const KEPT_KEY = 'cag-kept-parts';

/** Loads, one per idle moment, the registered parts not loaded yet under `version`. */
export function loadPartsForOffline(version: string): void {
  let kept: string[] = [];
  try {
    const stored = JSON.parse(window.localStorage.getItem(KEPT_KEY) ?? 'null') as { version?: string; names?: string[] } | null;
    if (stored?.version === version && Array.isArray(stored.names)) kept = stored.names;
  } catch {
    // unreadable: load them again
  }
  const pending = [...parts.entries()].filter(([name]) => !kept.includes(name));
  const next = () => {
    const entry = pending.shift();
    if (!entry) return;
    const [name, load] = entry;
    load().then(
      () => {
        kept = [...kept, name];
        try {
          window.localStorage.setItem(KEPT_KEY, JSON.stringify({ version, names: kept }));
        } catch {
          // storage full: loaded again next time
        }
        idle(next);
      },
      () => undefined,
    );
  };
  idle(next);
}

function idle(run: () => void) {
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 500);
}
