/**
 * How a line of an order, a quote or a cart is named in mails and PDFs: the product, then what
 * tells its model apart (the model's own text — finish, variant — and the size), each once.
 * Demo and ERP model names often repeat the product's name and the size (`Tubo multicamada
 * 300 mm` with the size `300 mm`), which gave "300 mm (300 mm)" and "· 300 mm · 300 mm".
 */
export interface LineNaming {
  product_name: string;
  model_name: string | null;
  size: string | null;
}

export interface LineParts {
  /** The product's name. */
  name: string;
  /** The model's own text (finish, variant), without the product's name; null when it adds nothing. */
  variant: string | null;
  /** The size, unless the name or the variant already say it. */
  size: string | null;
}

const norm = (s: string) => s.normalize('NFC').toLocaleLowerCase('pt-PT').replace(/\s+/g, ' ').trim();
const SEPARATORS = /^[\s·,;:–—-]+|[\s·,;:–—-]+$/g;

export function lineParts(line: LineNaming): LineParts {
  const product = (line.product_name ?? '').trim();
  const model = (line.model_name ?? '').trim();
  const name = product || model;
  let variant = '';
  if (model && norm(model) !== norm(name)) variant = name && norm(model).startsWith(norm(name)) ? model.slice(name.length) : model;
  let size = (line.size ?? '').trim();
  if (size && norm(name).includes(norm(size))) size = '';
  if (size && variant) {
    // The size is said once, in its own place: taken out of the model's text.
    const at = variant.toLocaleLowerCase('pt-PT').indexOf(size.toLocaleLowerCase('pt-PT'));
    if (at >= 0) variant = `${variant.slice(0, at)} ${variant.slice(at + size.length)}`;
  }
  variant = variant.replace(/\s+/g, ' ').replace(SEPARATORS, '').replace(/\(\s*\)/g, '').trim();
  return { name, variant: variant || null, size: size || null };
}

/** What tells the line apart, once each: `cromado · 300 mm` (empty when only the product names it). */
export function lineDetails(line: LineNaming): string {
  const p = lineParts(line);
  return [p.variant, p.size].filter(Boolean).join(' · ');
}

/** The whole name of a line: `Torneira monocomando Tejo — cromado · 300 mm`. */
export function lineTitle(line: LineNaming): string {
  const details = lineDetails(line);
  const { name } = lineParts(line);
  return details ? `${name} — ${details}` : name;
}
