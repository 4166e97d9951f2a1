import fs from 'node:fs';
import path from 'node:path';
import { send, type FuzzResponse } from '../../../scripts/fuzz-support.mjs';

/**
 * What tests/e2e/hostile-uploads.spec.ts needs around its requests: the server worker's process
 * and its memory, raw multipart bodies (sent with scripts/fuzz-support.mjs `send`, which keeps
 * an answer a server gives before it has read a big body), demo sign-ins as cookies, and server
 * actions called over HTTP as React's client calls them.
 */

const root = path.resolve(__dirname, '..', '..', '..');

// ---------------------------------------------------------------------------------------------
// The worker process: `node scripts/serve.mjs` (scripts/start.mjs spawns it) with PORT = the
// test server's port, or the pid in ${DATA_DIR}/worker.pid when the server writes one.

function readText(file: string): string | null {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function isServeWorker(pid: number, port: number | null): boolean {
  const cmdline = readText(`/proc/${pid}/cmdline`);
  if (!cmdline || !cmdline.split('\0').some((arg) => arg.endsWith('scripts/serve.mjs'))) return false;
  if (port === null) return true;
  const environ = readText(`/proc/${pid}/environ`);
  return !!environ && environ.split('\0').includes(`PORT=${port}`);
}

/** The pid of the server worker answering on `port` (null when /proc cannot tell, e.g. a remote server). */
export function findWorkerPid(port: number, dataDirs: string[] = []): number | null {
  for (const dir of dataDirs) {
    const pid = Number(readText(path.join(path.resolve(root, dir), 'worker.pid'))?.trim());
    if (Number.isInteger(pid) && pid > 0 && isServeWorker(pid, null)) return pid;
  }
  let entries: string[];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    if (isServeWorker(Number(entry), port)) return Number(entry);
  }
  return null;
}

/** kB fields of /proc/<pid>/status (VmRSS, VmHWM…); null when the process is gone. */
function status(pid: number): Record<string, number> | null {
  const text = readText(`/proc/${pid}/status`);
  if (!text) return null;
  const out: Record<string, number> = {};
  for (const m of text.matchAll(/^(Vm\w+|RssAnon|RssFile):\s+(\d+) kB/gm)) out[m[1]!] = Number(m[2]);
  return out;
}

/** Every descendant of `pid` (helpers of the server, if any): their memory counts too. */
function descendants(pid: number): number[] {
  const children = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readText(`/proc/${entry}/stat`);
    const m = stat && /\)\s+\S\s+(\d+)/.exec(stat);
    if (!m) continue;
    const parent = Number(m[1]);
    (children.get(parent) ?? children.set(parent, []).get(parent)!).push(Number(entry));
  }
  const out: number[] = [];
  const queue = [...(children.get(pid) ?? [])];
  while (queue.length) {
    const next = queue.shift()!;
    out.push(next);
    queue.push(...(children.get(next) ?? []));
  }
  return out;
}

export interface MemoryFigures {
  /** VmRSS before the request (MB). */
  beforeMb: number;
  /** The worker's peak during the request: VmHWM after a reset of it, or the highest VmRSS sampled (MB). */
  peakMb: number;
  growthMb: number;
  /** The highest sum of the worker's and its child processes' VmRSS sampled during the request (MB). */
  treePeakMb: number;
  /** VmHWM could be reset (clear_refs) before the request: the peak is exact, not sampled. */
  exactPeak: boolean;
  /** The worker was gone after the request. */
  workerGone: boolean;
}

const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;

/**
 * Watches the worker's memory through one request: VmRSS before, VmHWM after (reset first
 * through /proc/<pid>/clear_refs, so that it is this request's peak), VmRSS of the worker and
 * its children sampled every 20 ms meanwhile.
 */
export function watchMemory(pid: number): { stop: () => MemoryFigures } {
  const before = status(pid)?.VmRSS ?? 0;
  let exactPeak = false;
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    exactPeak = true;
  } catch {
    // not allowed here: the sampled peak only
  }
  let sampled = before;
  let tree = before;
  let ticks = 0;
  const sample = () => {
    const own = status(pid)?.VmRSS ?? 0;
    sampled = Math.max(sampled, own);
    // The child processes: every 5th sample (a walk of /proc costs a few ms).
    if (ticks++ % 5 === 0) {
      let sum = own;
      for (const child of descendants(pid)) sum += status(child)?.VmRSS ?? 0;
      tree = Math.max(tree, sum);
    }
  };
  const timer = setInterval(sample, 20);
  return {
    stop: () => {
      clearInterval(timer);
      sample();
      const after = status(pid);
      const peak = Math.max(sampled, exactPeak && after ? (after.VmHWM ?? 0) : 0);
      return { beforeMb: mb(before), peakMb: mb(peak), growthMb: mb(peak - before), treePeakMb: mb(Math.max(tree, peak)), exactPeak, workerGone: after === null };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built by hand: the exact bytes, field names, file names and types chosen.

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; data: Buffer };

const BOUNDARY = '----hostileUploadBoundary9f3Kq';

export function multipart(parts: Part[]): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const quoted = (s: string) => s.replace(/["\r\n]/g, (c) => encodeURIComponent(c));
    if ('data' in part) {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"; filename="${quoted(part.filename)}"\r\nContent-Type: ${part.type || 'application/octet-stream'}\r\n\r\n`));
      chunks.push(part.data);
      chunks.push(Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${quoted(part.name)}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

/** POST of a multipart body; resolves with the answer, or rejects (no answer, timeout). */
export function postMultipart(base: string, pathName: string, parts: Part[], headers: Record<string, string>, timeoutMs: number): Promise<FuzzResponse> {
  const { body, contentType } = multipart(parts);
  return send(base, { method: 'POST', path: pathName, headers: { 'content-type': contentType, origin: base, accept: 'application/json', ...headers }, body }, { timeoutMs });
}

// ---------------------------------------------------------------------------------------------
// Sessions.

/** Signs a demo account in; answers its cookies as one Cookie header. */
export async function signInCookie(base: string, email: string, password: string): Promise<string> {
  const answer = await send(base, {
    method: 'POST',
    path: '/api/auth/sign-in/email',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email, password }),
  });
  if (answer.status !== 200) throw new Error(`login ${email}: ${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`);
  const set = answer.headers['set-cookie'];
  const list = Array.isArray(set) ? set : set ? [set] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

// ---------------------------------------------------------------------------------------------
// Server actions over HTTP.

interface ManifestEntry {
  workers?: Record<string, unknown>;
  exportedName?: string;
  filename?: string;
}

/**
 * The id of a server action from the build's .next/server/server-reference-manifest.json:
 * `{ node: { [id]: { workers, layer, exportedName, filename } } }` (Next 16).
 */
export function serverActionId(module: string, exportedName: string, buildDir = path.join(root, '.next')): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, 'server', 'server-reference-manifest.json'), 'utf8')) as { node?: Record<string, ManifestEntry> };
  for (const [id, entry] of Object.entries(manifest.node ?? {})) {
    if (entry.exportedName === exportedName && (entry.filename ?? '').replace(/\\/g, '/').endsWith(module)) return id;
  }
  throw new Error(`server action ${module}#${exportedName} not in the build's manifest (next build first)`);
}

/**
 * The multipart body React's client sends for `action(formData)`: `encodeReply([formData])`
 * gives the FormData's own fields renamed `_1_<name>` and field `0` = `["$K1"]` (argument 0 is
 * the FormData of reference 1). Captured from the brand form's logo upload in Chromium (React
 * 19.3: `_1_file` then `0`; older Reacts wrote `1_file`).
 */
export function actionParts(fields: Part[]): Part[] {
  return [...fields.map((f) => ({ ...f, name: `_1_${f.name}` })), { name: '0', value: '["$K1"]' }];
}

/** What an action threw instead of answering: the RSC error row (`1:E{"digest":…}`), Next's 500 for an action. */
export class ActionThrew {
  constructor(readonly row: string) {}
}

/** The value an action answered: the RSC row that row 0's `a` ("$@1") points to (an ActionThrew for an error row). */
export function actionResult(body: string): unknown {
  const rows = new Map<string, string>();
  for (const line of body.split('\n')) {
    const m = /^([0-9a-f]+):(.*)$/.exec(line);
    if (m) rows.set(m[1]!, m[2]!);
  }
  const head = rows.get('0');
  let ref = '1';
  if (head) {
    try {
      const a = (JSON.parse(head) as { a?: unknown }).a;
      if (typeof a === 'string' && a.startsWith('$@')) ref = a.slice(2);
    } catch {
      // row 0 is not JSON: try row 1
    }
  }
  const row = rows.get(ref);
  if (row === undefined) return undefined;
  if (row.startsWith('E') && !/"digest":"NEXT_/.test(row)) return new ActionThrew(row); // notFound(), redirect() are Next's signals
  try {
    return JSON.parse(row);
  } catch {
    return row;
  }
}

// ---------------------------------------------------------------------------------------------
// Messages.

const messages = JSON.parse(fs.readFileSync(path.join(root, 'messages', 'pt-PT.json'), 'utf8')) as Record<string, unknown>;

/** The pt-PT text of a message key ('Admin.uploadUnreadable') with its simple `{values}`, or null when there is no such key. */
export function ptText(key: string, values: Record<string, unknown> = {}): string | null {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return null;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string' ? node.replace(/\{(\w+)\}/g, (all, name: string) => (name in values ? String(values[name]) : all)) : null;
}
