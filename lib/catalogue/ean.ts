/** GTIN/EAN check digit (mod 10, weights 3/1 from the right). */
export function eanCheckDigit(digitsWithoutCheck: string): number {
  let sum = 0;
  for (let i = 0; i < digitsWithoutCheck.length; i++) {
    const d = Number(digitsWithoutCheck[digitsWithoutCheck.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return (10 - (sum % 10)) % 10;
}

export function isValidEan(code: string): boolean {
  if (!/^(\d{8}|\d{12}|\d{13}|\d{14})$/.test(code)) return false;
  return eanCheckDigit(code.slice(0, -1)) === Number(code.slice(-1));
}
