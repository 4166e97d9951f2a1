/**
 * Portuguese NIF (número de identificação fiscal): 9 digits, the last a check digit:
 * 11 − (Σ dᵢ·(10−i), i = 1..8) mod 11, and 0 when that gives 10 or 11. A leading 'PT' (any case,
 * spaces allowed) is accepted and stripped, as are spaces inside. Shared by forms and server.
 */
export function normaliseNif(value: string): string {
  return value.replace(/\s+/g, '').replace(/^PT/i, '');
}

export function nifCheckDigit(first8: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i++) sum += Number(first8[i]) * (9 - i);
  const digit = 11 - (sum % 11);
  return digit >= 10 ? 0 : digit;
}

/** True for a well-formed NIF (after normalisation) whose check digit is right. */
export function isValidNif(value: string): boolean {
  const nif = normaliseNif(value);
  if (!/^\d{9}$/.test(nif)) return false;
  return nifCheckDigit(nif.slice(0, 8)) === Number(nif[8]);
}
