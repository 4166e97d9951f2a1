import 'server-only';
import type { z } from 'zod';

/**
 * FormData → the plain object the action's zod schema reads, guided by that schema, so that one
 * schema validates both what react-hook-form sends (booleans, strings) and what an HTML form
 * posts (strings, files, nothing at all for an unticked checkbox):
 * - boolean fields (`z.boolean()`, `z.literal(true)`): a checkbox. Absent, '', 'false', 'off' and
 *   '0' are false; any other value ('on', 'true', '1') is true. An HTML form sends nothing for an
 *   unticked box, so absent means false here even where the schema's default is true.
 * - number fields: the text as a number ('' → absent, 'abc' → NaN, which the schema refuses).
 * - array fields: every value of the name (`getAll`).
 * - anything else: the last value of the name, a string or a File, as posted.
 * Names the schema does not know are passed on as strings (the schema strips or refuses them);
 * Next's own `$ACTION_…` fields are left out.
 */

type Kind = 'boolean' | 'number' | 'array' | 'value';

type AnyDef = {
  type: string;
  innerType?: z.core.$ZodType;
  in?: z.core.$ZodType;
  out?: z.core.$ZodType;
  left?: z.core.$ZodType;
  right?: z.core.$ZodType;
  shape?: Record<string, z.core.$ZodType>;
  values?: unknown[];
};

const defOf = (schema: z.core.$ZodType): AnyDef => schema._zod.def as unknown as AnyDef;

/** Wrappers that do not change what kind of value a field holds. */
const WRAPPERS = new Set([
  'optional',
  'nullable',
  'default',
  'prefault',
  'nonoptional',
  'readonly',
  'catch',
]);

/** The schema a pipe validates its input with: `out` after a preprocess, `in` otherwise. */
function pipeTarget(def: AnyDef): z.core.$ZodType | undefined {
  if (!def.in) return def.out;
  return defOf(def.in).type === 'transform' ? def.out : def.in;
}

function kindOf(schema: z.core.$ZodType | undefined, depth = 0): Kind {
  if (!schema || depth > 20) return 'value';
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return kindOf(def.innerType, depth + 1);
  switch (def.type) {
    case 'pipe':
      return kindOf(pipeTarget(def), depth + 1);
    case 'boolean':
      return 'boolean';
    case 'number':
    case 'bigint':
      return 'number';
    case 'array':
    case 'set':
      return 'array';
    case 'literal': {
      const values = def.values ?? [];
      if (values.length && values.every((v) => typeof v === 'boolean')) return 'boolean';
      if (values.length && values.every((v) => typeof v === 'number')) return 'number';
      return 'value';
    }
    default:
      return 'value';
  }
}

/** The fields of an object schema (through wrappers, pipes and intersections), or {}. */
function shapeOf(schema: z.core.$ZodType | undefined, depth = 0): Record<string, z.core.$ZodType> {
  if (!schema || depth > 20) return {};
  const def = defOf(schema);
  if (WRAPPERS.has(def.type)) return shapeOf(def.innerType, depth + 1);
  switch (def.type) {
    case 'object':
      return def.shape ?? {};
    case 'pipe':
      return shapeOf(pipeTarget(def), depth + 1);
    case 'intersection':
      return { ...shapeOf(def.left, depth + 1), ...shapeOf(def.right, depth + 1) };
    default:
      return {};
  }
}

function checkbox(value: FormDataEntryValue | undefined): boolean {
  if (value === undefined) return false;
  if (typeof value !== 'string') return true;
  return !['', 'false', 'off', '0'].includes(value.trim().toLowerCase());
}

/** True for FormData (the global one, or any object that reads like it). */
export function isFormData(value: unknown): value is FormData {
  if (typeof FormData !== 'undefined' && value instanceof FormData) return true;
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FormData).getAll === 'function' &&
    typeof (value as FormData).keys === 'function' &&
    Object.prototype.toString.call(value) === '[object FormData]'
  );
}

export function formDataToInput(form: FormData, schema: z.core.$ZodType): Record<string, unknown> {
  const shape = shapeOf(schema);
  const out: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(shape)) {
    const values = form.getAll(name);
    const last = values[values.length - 1];
    switch (kindOf(field)) {
      case 'array':
        out[name] = values;
        break;
      case 'boolean':
        out[name] = checkbox(last);
        break;
      case 'number':
        if (last !== undefined)
          out[name] =
            typeof last === 'string' ? (last.trim() === '' ? undefined : Number(last)) : last;
        break;
      default:
        if (last !== undefined) out[name] = last;
    }
  }
  for (const name of new Set(form.keys())) {
    if (name in shape || name.startsWith('$ACTION')) continue;
    const values = form.getAll(name);
    out[name] = values[values.length - 1];
  }
  return out;
}
