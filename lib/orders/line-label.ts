/**
 * How a line of an order, a quote or a cart is named in mails and PDFs: the product, then what
 * tells its model apart (the model's own words — finish, variant — and the size), each once. The
 * rule is lib/cart/line-label's, the one the web pages use; this only splits it into the columns
 * a PDF or a mail has (name, variant, size).
 */
import { lineVariantParts } from '@/lib/cart/line-label';

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

const tidy = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

export function lineParts(line: LineNaming): LineParts {
  const name = tidy(line.product_name) || tidy(line.model_name);
  const size = tidy(line.size);
  const parts = lineVariantParts({ productName: name, modelName: line.model_name, size: line.size });
  const sized = size !== '' && parts[parts.length - 1] === size;
  const variant = (sized ? parts.slice(0, -1) : parts).join(' ');
  return { name, variant: variant || null, size: sized ? size : null };
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
