/**
 * Portuguese NIF as the checkout and the addresses take it: a leading 'PT' (any case) and spaces
 * are accepted and stripped, then the one NIF rule of the forms applies (lib/validation/auth.ts
 * `isValidNif`: 9 digits, a valid first digit, the check digit). Shared by forms and server.
 */
import { z } from 'zod';
import { isValidNif as isValidPlainNif } from './auth';

export function normaliseNif(value: string): string {
  return value.replace(/\s+/g, '').replace(/^PT/i, '');
}

/** True for a NIF (after normalisation) that the forms' NIF rule accepts. */
export function isValidNif(value: string): boolean {
  return isValidPlainNif(normaliseNif(value));
}

/** An optional NIF field, normalised and checked; empty, null or absent becomes null. */
export const optionalNif = (message: string) =>
  z
    .string(message)
    .trim()
    .nullish()
    .transform((v) => (v ? normaliseNif(v) : null))
    .refine((v) => v === null || isValidNif(v), message);
