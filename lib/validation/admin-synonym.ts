/**
 * The synonym form of /admin/search (search tuning): shared by the client form
 * (react-hook-form) and the server actions. Messages are keys of messages/pt-PT.json
 * (`Admin.search.validation.*`). Terms are typed one per line or separated by commas.
 */
import { z } from 'zod';

export const SYNONYM_LIMITS = { terms: 30, termMin: 2, termMax: 80, notes: 500 } as const;
export const SYNONYM_FORM_KINDS = ['two_way', 'one_way'] as const;

const V = 'Admin.search.validation.';

/** A list typed in a text box (lines or commas) as its terms: trimmed, single spaces, no repeats. */
export function splitTerms(value: unknown): string[] {
  const parts = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(/[\n,;]+/) : [];
  const out: string[] = [];
  for (const p of parts) {
    const t = p.replace(/\s+/g, ' ').trim();
    if (t && !out.some((o) => o.toLocaleLowerCase('pt-PT') === t.toLocaleLowerCase('pt-PT'))) out.push(t);
  }
  return out;
}

function termIssues(terms: string[]): string | null {
  if (terms.length > SYNONYM_LIMITS.terms) return `${V}tooManyTerms`;
  for (const t of terms) {
    if (t.length > SYNONYM_LIMITS.termMax) return `${V}termTooLong`;
    if (/\d/.test(t)) return `${V}termDigits`;
    if ((t.match(/\p{L}/gu) ?? []).length < SYNONYM_LIMITS.termMin) return `${V}termTooShort`;
  }
  return null;
}

const optionalInt = z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : Number(v)), z.number().int().positive().optional());

export const synonymSchema = z
  .object({
    id: optionalInt,
    version: optionalInt,
    kind: z.enum(SYNONYM_FORM_KINDS, { message: `${V}kindInvalid` }),
    terms: z.unknown().transform(splitTerms),
    targets: z.unknown().transform(splitTerms),
    active: z.preprocess((v) => v === true || v === 'true' || v === 'on' || v === '1', z.boolean()),
    notes: z.preprocess((v) => (typeof v === 'string' ? v.trim() : ''), z.string().max(SYNONYM_LIMITS.notes, { message: `${V}notesTooLong` })),
  })
  .superRefine((data, ctx) => {
    if (data.terms.length === 0) ctx.addIssue({ code: 'custom', path: ['terms'], message: `${V}termsRequired` });
    else if (data.kind === 'two_way' && data.terms.length < 2) ctx.addIssue({ code: 'custom', path: ['terms'], message: `${V}termsTwoWay` });
    else {
      const problem = termIssues(data.terms);
      if (problem) ctx.addIssue({ code: 'custom', path: ['terms'], message: problem });
    }
    if (data.kind === 'one_way') {
      if (data.targets.length === 0) ctx.addIssue({ code: 'custom', path: ['targets'], message: `${V}targetsRequired` });
      else {
        const problem = termIssues(data.targets);
        if (problem) ctx.addIssue({ code: 'custom', path: ['targets'], message: problem });
      }
    }
  });

/** What the form holds (text boxes) and what the action receives. */
export interface SynonymFormValues {
  id?: number | string;
  version?: number | string;
  kind: (typeof SYNONYM_FORM_KINDS)[number];
  terms: string;
  targets: string;
  active: boolean;
  notes: string;
}
export type SynonymInput = z.output<typeof synonymSchema>;

export const synonymRefSchema = z.object({
  id: z.preprocess((v) => Number(v), z.number().int().positive()),
  version: z.preprocess((v) => Number(v), z.number().int().positive()),
});

export const searchLogTermSchema = z.object({
  term: z.string().trim().min(1).max(200),
});
