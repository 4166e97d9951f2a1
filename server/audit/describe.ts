import 'server-only';
import type { AuditEntryView, DescribedAuditEntry } from '@/lib/admin/audit';
import type { DifferenceRow } from '@/lib/admin/stale';
import { canonicalMoney, parseDecimal } from '@/lib/catalogue/decimal';
import { formatDecimal, formatInteger, formatPrice, formatUnitPrice } from '@/lib/format';
import { isMessageKey, serverText } from '@/server/i18n';

/**
 * Recorded changes in words ("differences in words"): the one renderer behind the
 * stale-save notice, the audit history ("Histórico"), the catalogue change log and the order
 * history. Field names become their Portuguese labels (`price` → "Preço"), a product's models are
 * compared by code and field ("TJP-16111 · Preço", 0,54 € → 0,59 €), ids become names (family,
 * brand, chapter, person), order states, payment methods and payment states their labels, prices
 * and numbers pt-PT (lib/format.ts). Long texts are cut around their first difference, so two
 * versions never look the same on screen.
 *
 * Pure: the names come in a `Names` (server/audit/names.ts reads them from the database), so the
 * rules can be tested without one. Texts come from messages/pt-PT.json (`ChangeWords`, and the
 * existing labels of `Orders.status`, `Orders.payment`, `Admin.Orders.paymentStatus`,
 * `Admin.Products.stock`).
 */

export type { DifferenceRow } from '@/lib/admin/stale';
export type { DescribedAuditEntry } from '@/lib/admin/audit';

/** What ids and codes are called, read once per screen. */
export interface Names {
  /** User id → the person's name. */
  people: ReadonlyMap<string, string>;
  /** Family id → its code and title. */
  families: ReadonlyMap<number, { code: string; title: string }>;
  /** Family code → its title. */
  familyTitles: ReadonlyMap<string, string>;
  brands: ReadonlyMap<number, string>;
  chapters: ReadonlyMap<number, string>;
}

export const NO_NAMES: Names = { people: new Map(), families: new Map(), familyTitles: new Map(), brands: new Map(), chapters: new Map() };

const EMPTY = '—';
/** Longest text shown in a cell; longer ones are cut around their first difference. */
const MAX_TEXT = 200;

const words = (key: string, values?: Record<string, string | number>) => serverText(`ChangeWords.${key}`, values);
const labelAt = (key: string): string | null => (isMessageKey(key) ? serverText(key) : null);

/** "Preço" for `price`, the page's own label first; an unknown field as readable words. */
export function fieldLabel(field: string, labels?: Readonly<Record<string, string>>): string {
  return labels?.[field] ?? labelAt(`ChangeWords.fields.${field}`) ?? field.replace(/_/g, ' ');
}

export function orderStatusLabel(status: string): string {
  return labelAt(`Orders.status.${status}`) ?? status;
}

export function paymentMethodLabel(method: string): string {
  return labelAt(`Orders.payment.${method}`) ?? method;
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}

/** A price as the shop shows unit prices (`0,54 €`, `2,6425 €`, `0,00 €`); not a number: as written. */
export function describeMoney(value: unknown): string {
  if (isBlank(value)) return EMPTY;
  const parsed = typeof value === 'number' ? value : Number(parseDecimal(String(value)) ?? NaN);
  if (!Number.isFinite(parsed)) return String(value);
  return parsed > 0 ? formatUnitPrice(parsed) : formatPrice(parsed);
}

function describeNumber(n: number): string {
  return Number.isInteger(n) ? formatInteger(n) : formatDecimal(n, 0, 4);
}

const idOf = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) ? n : null;
};

/** `Diâmetro = 16 mm` lines (or the parsed attributes) as one line: `Diâmetro = 16 mm; Material = Latão`. */
function attributeLines(value: unknown): string[] {
  if (Array.isArray(value)) {
    return value.map((a) => (typeof a === 'object' && a !== null ? `${String((a as { name?: unknown }).name ?? '')} = ${String((a as { value?: unknown }).value ?? '')}${(a as { unit?: unknown }).unit ? ` ${String((a as { unit?: unknown }).unit)}` : ''}` : String(a)));
  }
  return String(value ?? '')
    .split(/\r?\n|;\s+|\|/)
    .map((l) => l.trim().replace(/\s*=\s*/, ' = '))
    .filter(Boolean);
}

/** A person: `user:<id>` (or a bare id) by name. */
function personName(value: string, names: Names): string | null {
  const id = value.startsWith('user:') ? value.slice('user:'.length) : value;
  return names.people.get(id) ?? null;
}

function familyByCode(code: string, names: Names): string {
  const title = names.familyTitles.get(code);
  return title ? `${code} · ${title}` : code;
}

/** A short text of anything without a known meaning (never JSON): lists with `; `, records as `campo: valor`. */
function describeGeneric(value: unknown, names: Names): string {
  if (isBlank(value)) return EMPTY;
  if (typeof value === 'boolean') return value ? words('yes') : words('no');
  if (typeof value === 'number') return describeNumber(value);
  if (typeof value === 'string') {
    if (/^user:./.test(value)) return personName(value, names) ?? words('actor.deletedUser');
    return value;
  }
  if (Array.isArray(value)) return value.length ? value.map((v) => describeGeneric(v, names)).join('; ') : EMPTY;
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => !isBlank(v));
    return entries.length ? entries.map(([k, v]) => `${fieldLabel(k)}: ${describeValue(k, v, names)}`).join('; ') : EMPTY;
  }
  return String(value);
}

/** What a record is about, where a field means different things (a model's `status` is not an order's). */
export type Subject = 'product' | 'model' | 'order' | 'catalogue' | 'other';

/** One value of a field in words: labels for codes, names for ids, pt-PT money and numbers. */
export function describeValue(field: string, value: unknown, names: Names = NO_NAMES, subject: Subject = 'other'): string {
  if (isBlank(value)) return EMPTY;
  switch (field) {
    case 'price':
    case 'paid_amount':
    case 'amount':
      return describeMoney(value);
    case 'active':
    case 'isAdmin':
    case 'disabled':
      if (typeof value === 'boolean') return value ? words('yes') : words('no');
      break;
    case 'status':
      if (subject === 'order') return orderStatusLabel(String(value));
      if (subject === 'model' || subject === 'product') return labelAt(`ChangeWords.modelStatus.${String(value)}`) ?? String(value);
      break;
    case 'stock_status':
      return labelAt(`Admin.Products.stock.${String(value)}`) ?? String(value);
    case 'payment':
      if (subject === 'order') return labelAt(`Admin.Orders.paymentStatus.${String(value)}`) ?? paymentMethodLabel(String(value));
      break;
    case 'payment_method':
      return paymentMethodLabel(String(value));
    case 'family_id': {
      const id = idOf(value);
      const family = id === null ? undefined : names.families.get(id);
      return family ? `${family.code} · ${family.title}` : String(value);
    }
    case 'family':
    case 'family_code':
      return familyByCode(String(value), names);
    case 'brand_id':
    case 'brand': {
      // Staff edits recorded the brand's id in the change log; imports record its name.
      const id = idOf(value);
      return (id === null ? null : names.brands.get(id)) ?? String(value);
    }
    case 'chapter_code': {
      const code = idOf(value);
      const title = code === null ? undefined : names.chapters.get(code);
      return title ? `${code} · ${title}` : String(value);
    }
    case 'attributes': {
      const lines = attributeLines(value);
      return lines.length ? lines.join('; ') : EMPTY;
    }
  }
  return describeGeneric(value, names);
}

/**
 * Two texts cut to fit a cell, around the place where they first differ: `…até 6 bar` against
 * `…até 10 bar`, not the same first 200 characters twice.
 */
export function excerptPair(before: string, after: string, max = MAX_TEXT): [string, string] {
  if (before.length <= max && after.length <= max) return [before, after];
  let common = 0;
  while (common < before.length && common < after.length && before[common] === after[common]) common++;
  const start = common > max / 2 ? common - Math.floor(max / 4) : 0;
  const cut = (s: string) => {
    if (s.length <= max && start === 0) return s;
    const piece = s.slice(start, start + max);
    return `${start > 0 ? '…' : ''}${piece}${start + max < s.length ? '…' : ''}`;
  };
  return [cut(before), cut(after)];
}

function row(label: string, before: string, after: string): DifferenceRow {
  const [b, a] = excerptPair(before, after);
  return { label, before: b, after: a };
}

// Products and their models ---------------------------------------------------------------------

/** The fields of a model, in the order the form shows them. */
const MODEL_FIELDS = ['name', 'size', 'price', 'discount_group', 'supplier', 'small_package', 'medium_package', 'large_package', 'ean', 'status', 'stock_status', 'attributes'] as const;
type ModelField = (typeof MODEL_FIELDS)[number];
type ModelFacts = { code: string; line?: string } & Partial<Record<ModelField, unknown>>;

/** The product fields in the form's order (others follow in their own order). */
const PRODUCT_FIELDS = ['product_code', 'name', 'seo_name', 'seo_description', 'description', 'chapter_code', 'family_id', 'brand_id', 'informacao_adicional', 'informacao_tecnica', 'notes', 'active', 'images', 'models'];

/**
 * A model line of the audit log as written before models were recorded field by field:
 * `CODE · name · size · 0.54 € · ativo · in_stock[ · EAN …][ · attributes]`. Unreadable: the line.
 */
function modelOfLine(line: string): ModelFacts {
  const parts = line.split(' · ');
  const code = parts[0] ?? line;
  for (let i = 2; i + 2 < parts.length; i++) {
    const price = /^(-?\d+(?:[.,]\d+)?) €$/.exec(parts[i]!);
    if (!price || !/^(ativo|inativo)$/.test(parts[i + 1]!)) continue;
    const rest = parts.slice(i + 3);
    const ean = rest[0]?.startsWith('EAN ') ? rest.shift()!.slice(4) : '';
    return {
      code,
      name: parts.slice(1, i - 1).join(' · '),
      size: parts[i - 1] === '—' ? '' : parts[i - 1],
      price: price[1],
      status: parts[i + 1] === 'ativo' ? 'active' : 'inactive',
      stock_status: parts[i + 2],
      ean,
      attributes: rest.join(' · '),
    };
  }
  return { code, line };
}

function modelsOf(value: unknown): Map<string, ModelFacts> {
  const out = new Map<string, ModelFacts>();
  if (!Array.isArray(value)) return out;
  for (const m of value) {
    const facts: ModelFacts | null =
      typeof m === 'string' ? modelOfLine(m) : typeof m === 'object' && m !== null && typeof (m as { code?: unknown }).code === 'string' ? (m as ModelFacts) : null;
    if (facts) out.set(facts.code, facts);
  }
  return out;
}

/** A value as compared: blanks alike, prices by amount, attributes by line, ids as text. */
function comparable(field: string, value: unknown): string {
  if (isBlank(value)) return '';
  if (field === 'price') {
    const parsed = typeof value === 'number' ? String(value) : parseDecimal(String(value));
    return parsed === null ? String(value) : canonicalMoney(Number(parsed).toFixed(4));
  }
  if (field === 'attributes') return attributeLines(value).join('\n');
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const sameValue = (field: string, a: unknown, b: unknown) => comparable(field, a) === comparable(field, b);

/** A model in one line, for a model only one side has: `Nome · 16 mm · 0,54 € · Ativo`. */
function modelSummary(m: ModelFacts, names: Names): string {
  if (m.line !== undefined) return m.line.slice(m.code.length + 3) || m.code;
  return [m.name, m.size, m.price === undefined ? null : describeMoney(m.price), m.status === undefined ? null : describeValue('status', m.status, names, 'model')]
    .filter((v) => !isBlank(v))
    .map(String)
    .join(' · ');
}

/** One row per model and field that differ ("TJP-16111 · Preço"); a model one side lacks in one row. */
export function describeModels(before: unknown, after: unknown, names: Names = NO_NAMES): DifferenceRow[] {
  const a = modelsOf(before);
  const b = modelsOf(after);
  const codes = [...new Set([...a.keys(), ...b.keys()])];
  const rows: DifferenceRow[] = [];
  for (const code of codes) {
    const old = a.get(code);
    const now = b.get(code);
    if (!old || !now) {
      rows.push(row(`${code} · ${fieldLabel('model')}`, old ? modelSummary(old, names) : EMPTY, now ? modelSummary(now, names) : EMPTY));
      continue;
    }
    if (old.line !== undefined || now.line !== undefined) {
      const left = old.line ?? modelSummary(old, names);
      const right = now.line ?? modelSummary(now, names);
      if (left !== right) rows.push(row(`${code} · ${fieldLabel('model')}`, left, right));
      continue;
    }
    for (const field of MODEL_FIELDS) {
      if (sameValue(field, old[field], now[field])) continue;
      rows.push(row(`${code} · ${fieldLabel(field)}`, describeValue(field, old[field], names, 'model'), describeValue(field, now[field], names, 'model')));
    }
  }
  return rows;
}

/** An image as its file name, the main one marked: `torneira.webp (principal)`. */
function imagesOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.map((img) => {
    if (typeof img === 'string') {
      const main = img.startsWith('★ ');
      const text = main ? img.slice(2) : img;
      const [url = '', ...alt] = text.split(' (');
      const name = url.split('/').pop() || url;
      return `${name}${alt.length ? ` (${alt.join(' (')}` : ''}${main ? ` (${words('mainImage')})` : ''}`;
    }
    const i = (img ?? {}) as { url?: unknown; alt?: unknown; main?: unknown };
    const url = String(i.url ?? '');
    const name = url.split('/').pop() || url;
    return `${name}${i.alt ? ` (${String(i.alt)})` : ''}${i.main ? ` (${words('mainImage')})` : ''}`;
  });
}

/**
 * The differences between two versions of a product (form values, the save's input or the audit
 * log's snapshot, old and new shapes alike), field by field in the form's order, models by code.
 */
export function describeProductChanges(before: object | null, after: object | null, names: Names = NO_NAMES, labels?: Readonly<Record<string, string>>): DifferenceRow[] {
  const b = (before ?? {}) as Readonly<Record<string, unknown>>;
  const a = (after ?? {}) as Readonly<Record<string, unknown>>;
  const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((k) => k !== 'id' && k !== 'version');
  keys.sort((x, y) => (PRODUCT_FIELDS.indexOf(x) + 1 || 99) - (PRODUCT_FIELDS.indexOf(y) + 1 || 99));
  const rows: DifferenceRow[] = [];
  for (const key of keys) {
    if (key === 'models') {
      rows.push(...describeModels(b[key], a[key], names));
      continue;
    }
    if (key === 'images') {
      const [old, now] = [imagesOf(b[key]), imagesOf(a[key])];
      if (old.join('\n') !== now.join('\n')) rows.push(row(fieldLabel('images', labels), old.join('; ') || EMPTY, now.join('; ') || EMPTY));
      continue;
    }
    if (sameValue(key, b[key], a[key])) continue;
    rows.push(row(fieldLabel(key, labels), describeValue(key, b[key], names, 'product'), describeValue(key, a[key], names, 'product')));
  }
  return rows;
}

// The audit history -------------------------------------------------------------------------------

const ACTIONS: Record<string, string> = {
  create: 'Criado',
  update: 'Alterado',
  delete: 'Eliminado',
  deactivate: 'Desativado',
  bulk: 'Ação em massa',
  merge: 'Fusão',
  import: 'Importação',
  other: 'Outro',
};


/** A summary recorded with codes in it, in words (`Estado: ready_for_pickup → completed`). */
function describeSummary(entity: string, summary: string | null): string | null {
  if (!summary) return summary;
  if (entity === 'order') {
    const state = /^Estado: (\w+) → (\w+)$/.exec(summary);
    if (state) return words('orderStatusSummary', { from: orderStatusLabel(state[1]!), to: orderStatusLabel(state[2]!) });
  }
  const bulk = /^Ação em massa: (\w+)$/.exec(summary);
  if (bulk && isMessageKey(`ChangeWords.bulkSummary.${bulk[1]}`)) return words(`bulkSummary.${bulk[1]}`);
  return summary;
}

/** One entry of a record's history in words: products by field and model, orders with state labels. */
export function describeAuditEntry(entity: string, entry: AuditEntryView, names: Names = NO_NAMES, labels?: Readonly<Record<string, string>>): DescribedAuditEntry {
  const before = Object.fromEntries(entry.changes.map((c) => [c.field, c.before]));
  const after = Object.fromEntries(entry.changes.map((c) => [c.field, c.after]));
  const subject: Subject = entity === 'order' ? 'order' : entity === 'product' ? 'product' : 'other';
  const rows =
    entity === 'product'
      ? describeProductChanges(before, after, names, labels)
      : entry.changes.map((c) => row(fieldLabel(c.field, labels), describeValue(c.field, c.before, names, subject), describeValue(c.field, c.after, names, subject)));
  return {
    id: entry.id,
    at: entry.at,
    actor: /^user:./.test(entry.actor) ? (personName(entry.actor, names) ?? words('actor.deletedUser')) : entry.actor,
    action: ACTIONS[entry.action] ?? entry.action,
    showRows: rows.length > 0 && entry.action !== 'create' && entry.action !== 'delete',
    summary: describeSummary(entity, entry.summary),
    rows,
  };
}

// The catalogue change log ------------------------------------------------------------------------

export interface CatalogueChangeWords {
  /** The field's label, or null for a line without one (a product added or removed). */
  field: string | null;
  before: string;
  after: string;
  /** Whether the line carries values at all. */
  hasValues: boolean;
}

/** One line of the change log: "Preço", 0,54 € → 0,59 €; "Família", 40-010 · Torneiras → …. */
export function describeCatalogueChange(
  c: { kind: string; field: string | null; modelCode: string | null; before: string | null; after: string | null },
  names: Names = NO_NAMES,
): CatalogueChangeWords {
  // A new model's line carries its price, without a field.
  const field = c.field ?? (c.kind === 'new' && c.modelCode && c.after !== null ? 'price' : null);
  const subject: Subject = c.modelCode ? 'model' : 'product';
  const values = field ? [describeValue(field, c.before, names, subject), describeValue(field, c.after, names, subject)] : [c.before ?? EMPTY, c.after ?? EMPTY];
  const [before, after] = excerptPair(values[0]!, values[1]!, 160);
  return { field: field ? fieldLabel(field) : null, before, after, hasValues: c.before !== null || c.after !== null };
}

// The order history -------------------------------------------------------------------------------

/**
 * Who moved an order, in words: a customer (`user:<id>`) by name, staff (`staff:<name>`) by name,
 * a payment provider (`pagamento:ifthenpay`) as "Pagamento ifthenpay", `system` as "Sistema".
 */
export function describeActor(actor: string, names: Names = NO_NAMES): string {
  if (actor.startsWith('user:')) return personName(actor, names) ?? words('actor.deletedUser');
  const staff = /^(?:staff|admin):(.+)$/.exec(actor);
  if (staff) return staff[1]!;
  const payment = /^(?:pagamento|payment):(.+)$/.exec(actor);
  if (payment) return words('actor.payment', { provider: isMessageKey(`Orders.payment.${payment[1]}`) ? paymentMethodLabel(payment[1]!) : payment[1]! });
  if (actor === 'system' || actor === 'sistema') return words('actor.system');
  if (actor === 'guest') return words('actor.guest');
  return actor;
}

export interface OrderEventWords {
  /** "Pronta para levantamento → Concluída", or the first state alone. */
  change: string;
  actor: string;
  note: string | null;
}

/** A line of the order's state history: the states by their labels, who by name, a coded note in words. */
export function describeOrderEvent(e: { from: string | null; to: string; actor: string; note: string | null }, names: Names = NO_NAMES): OrderEventWords {
  const payment = e.note ? /^payment:(\w+)$/.exec(e.note) : null;
  return {
    change: e.from ? `${orderStatusLabel(e.from)} → ${orderStatusLabel(e.to)}` : orderStatusLabel(e.to),
    actor: describeActor(e.actor, names),
    note: payment ? words('paymentNote', { method: paymentMethodLabel(payment[1]!) }) : e.note,
  };
}

/** The user ids a set of actors and values names (`user:<id>`), to read their names. */
export function peopleIn(values: Iterable<unknown>): string[] {
  const ids = new Set<string>();
  for (const v of values) if (typeof v === 'string' && /^user:./.test(v)) ids.add(v.slice('user:'.length));
  return [...ids];
}
