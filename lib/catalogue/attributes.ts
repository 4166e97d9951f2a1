/** Technical attributes in the exchange format: `name=value unit` pairs separated by `|`. */
export interface AttributeValue {
  name: string;
  value: string;
  unit: string | null;
}

const NUMERIC_START = /^[+-]?(\d|[.,]\d)/;
const UNIT_TOKEN = /^[A-Za-zµ°º%Ω][A-Za-z0-9µ°º%Ω³²/·.-]*$/;

/** Splits `16 mm` into value `16` and unit `mm`; `Latão cromado` or `1/2"` stay whole values. */
export function splitValueUnit(text: string): { value: string; unit: string | null } {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  const space = trimmed.lastIndexOf(' ');
  if (space > 0) {
    const head = trimmed.slice(0, space);
    const tail = trimmed.slice(space + 1);
    if (NUMERIC_START.test(head) && UNIT_TOKEN.test(tail)) return { value: head, unit: tail };
  }
  return { value: trimmed, unit: null };
}

export type AttributeParseResult = { ok: true; attributes: AttributeValue[] } | { ok: false; message: string };

export function parseAttributes(text: string): AttributeParseResult {
  const attributes: AttributeValue[] = [];
  const seen = new Set<string>();
  if (!text.trim()) return { ok: true, attributes };
  for (const part of text.split('|')) {
    if (!part.trim()) continue;
    const eq = part.indexOf('=');
    if (eq <= 0) return { ok: false, message: `atributo inválido '${part.trim()}' (use nome=valor unidade)` };
    const name = part.slice(0, eq).trim();
    const rest = part.slice(eq + 1);
    if (rest.includes('=')) return { ok: false, message: `atributo inválido '${part.trim()}' (um só '=' por atributo)` };
    if (!rest.trim()) return { ok: false, message: `o atributo '${name}' não tem valor` };
    const key = name.toLowerCase();
    if (seen.has(key)) return { ok: false, message: `o atributo '${name}' aparece mais de uma vez` };
    seen.add(key);
    attributes.push({ name, ...splitValueUnit(rest) });
  }
  return { ok: true, attributes };
}

export function formatAttributes(attributes: readonly AttributeValue[]): string {
  return attributes.map((a) => `${a.name}=${a.value}${a.unit ? ` ${a.unit}` : ''}`).join('|');
}
