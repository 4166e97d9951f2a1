/**
 * Field schemas that several inputs share. Messages are keys of the namespace of the schema that
 * uses them.
 */
import { z } from 'zod';

/** An optional text: trimmed, at most `max` characters; empty, null or absent becomes null. */
export const optionalText = (max: number, message: string) =>
  z
    .string(message)
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => (v ? v : null));

/** The hidden anti-spam field of the public forms: people leave it empty ('' and null count as absent). */
export const honeypotField = (max: number, message: string) =>
  z.preprocess((v) => (v === '' || v === null ? undefined : v), z.string({ error: message }).max(max, message).optional());

/** The query of a paged list of one's orders or quotes: limit (1–100, 20), offset, an optional status. */
export const pagedListQuery = <const S extends readonly [string, ...string[]]>(statuses: S) =>
  z
    .object({
      limit: z.coerce.number('invalid').int('invalid').min(1, 'invalid').max(100, 'invalid').default(20),
      offset: z.coerce.number('invalid').int('invalid').min(0, 'invalid').max(1_000_000, 'invalid').default(0),
      status: z.enum(statuses, 'statusInvalid').optional(),
    })
    .strip();
