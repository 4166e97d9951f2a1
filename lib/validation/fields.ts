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
