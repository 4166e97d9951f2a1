import { z } from 'zod';

/** Kinds and sources of the catalogue change log (server/db/schema/admin.ts), for forms and queries. */
export const CHANGE_KINDS = ['price', 'new', 'removed', 'text'] as const;
export type ChangeKind = (typeof CHANGE_KINDS)[number];
export const CHANGE_SOURCES = ['import', 'admin', 'erp'] as const;
export type ChangeSource = (typeof CHANGE_SOURCES)[number];

const first = (v: unknown) => (Array.isArray(v) ? v[0] : v);
/** An optional query parameter: empty or malformed → absent (a filter link never fails). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => {
    const value = first(v);
    if (value === undefined || value === null || value === '') return undefined;
    return schema.safeParse(value).success ? value : undefined;
  }, schema.optional());

/** A real calendar day: Date.parse takes 2026-02-31 (as 3 March), PostgreSQL's ::date refuses it. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .refine((s) => {
    const time = Date.parse(`${s}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === s;
  });
const id = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * The filters of /admin/catalogue-management/change-logs and of its CSV export, from the query
 * string (`?desde=2026-11-01&ate=…&capitulo=10&familia=3&marca=2&tipo=price&origem=import&codigo=VG`).
 */
export const changeLogFiltersSchema = z.object({
  desde: optional(day),
  ate: optional(day),
  capitulo: optional(id),
  familia: optional(id),
  marca: optional(id),
  tipo: optional(z.enum(CHANGE_KINDS)),
  origem: optional(z.enum(CHANGE_SOURCES)),
  codigo: optional(z.string().trim().min(1).max(64)),
});
export type ChangeLogFilters = z.output<typeof changeLogFiltersSchema>;

/** The filters from a page's searchParams (anything unusable is dropped). */
export function parseChangeLogFilters(query: Record<string, string | string[] | undefined>): ChangeLogFilters {
  const parsed = changeLogFiltersSchema.safeParse(query);
  return parsed.success ? parsed.data : {};
}

/** The filters as query parameters (for links, the pager and the export). */
export function changeLogQuery(filters: ChangeLogFilters): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(filters).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
}

/** "Marcar como reimpresso": one chapter, or every chapter with changes (`all`). */
export const markReprintedSchema = z.object({
  chapter: z.union([z.literal('all'), z.coerce.number().int().positive().max(100_000)]),
  note: z.string().trim().max(500).optional().default(''),
});

/** "Confirmar importação" of a previewed upload. */
export const confirmImportSchema = z.object({
  uploadId: z.string().regex(/^[a-f0-9]{32}$/),
});
