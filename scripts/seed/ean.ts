/** EAN-13 helpers. */

/** The check digit for the first 12 digits of an EAN-13. */
import 'server-only';
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`EAN-13 needs 12 digits, got "${first12}"`);
  let sum = 0;
  for (let i = 0; i < 12; i++) {
    const digit = first12.charCodeAt(i) - 48;
    sum += i % 2 === 0 ? digit : digit * 3;
  }
  return (10 - (sum % 10)) % 10;
}

/** Appends the check digit to 12 digits. */
export function makeEan13(first12: string): string {
  return first12 + String(ean13CheckDigit(first12));
}

/** True when `code` is 13 digits with a valid check digit. */
export function isValidEan13(code: string): boolean {
  return /^\d{13}$/.test(code) && ean13CheckDigit(code.slice(0, 12)) === code.charCodeAt(12) - 48;
}
