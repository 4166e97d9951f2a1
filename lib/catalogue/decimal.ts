/**
 * Parses a decimal written with a comma or a point (`12,50`, `12.50`, `1.234,56`, `1,234.56`)
 * into a canonical string with a point (`12.50`, `1234.56`). Returns null when it is not a number.
 */
export function parseDecimal(input: string): string | null {
  let s = input.trim().replace(/[\s\u00a0€]/g, '');
  if (!s) return null;
  const lastComma = s.lastIndexOf(',');
  const lastPoint = s.lastIndexOf('.');
  if (lastComma >= 0 && lastPoint >= 0) {
    const decimalSep = lastComma > lastPoint ? ',' : '.';
    const thousandsSep = decimalSep === ',' ? '.' : ',';
    s = s.split(thousandsSep).join('');
    if (decimalSep === ',') s = s.replace(',', '.');
  } else if (lastComma >= 0) {
    if (s.indexOf(',') !== lastComma) return null;
    s = s.replace(',', '.');
  }
  if (!/^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  return s;
}

/** `12.5000` → `12.50`, `0.0350` → `0.035`: at least 2 decimals, no needless trailing zeros. */
export function canonicalMoney(value: string): string {
  const [int = '0', frac = ''] = value.split('.');
  const trimmed = frac.replace(/0+$/, '');
  const decimals = trimmed.length < 2 ? trimmed.padEnd(2, '0') : trimmed;
  const integer = int.replace(/^(-?)0+(?=\d)/, '$1');
  return `${integer}.${decimals}`;
}
