/**
 * Campaign dates are entered and shown in Lisbon's time (the shop's), whatever the browser's or
 * the server's time zone: a `datetime-local` value `2026-12-01T09:00` means 09:00 in Lisbon.
 */
import { lazyFormat } from '@/lib/intl';

const ZONE = 'Europe/Lisbon';

const partsFormat = lazyFormat(
  () =>
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    }),
);

function lisbonParts(
  at: Date,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', number> {
  const out = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const p of partsFormat().formatToParts(at))
    if (p.type in out) out[p.type as keyof typeof out] = Number(p.value);
  return out;
}

/** Lisbon's offset from UTC at `at`, in milliseconds (0 in winter, 1 h in summer). */
function lisbonOffset(at: Date): number {
  const p = lisbonParts(at);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(at.getTime() / 1000) * 1000;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/;
const WITH_ZONE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A date from the API or a form: an ISO instant with its offset (`2026-12-01T09:00:00Z`), or a
 * Lisbon wall-clock time (`2026-12-01T09:00`, `2026-12-01` = midnight). Null when unreadable.
 */
export function parseCampaignDate(value: string): Date | null {
  const text = value.trim();
  if (WITH_ZONE.test(text)) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  const m = LOCAL.exec(text);
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1).map((v) => v ?? undefined) as string[];
  const fields = [Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s)] as const;
  const guess = Date.UTC(...fields);
  const check = new Date(guess);
  if (
    check.getUTCMonth() !== fields[1] ||
    check.getUTCDate() !== fields[2] ||
    fields[3] > 23 ||
    fields[4] > 59 ||
    fields[5] > 59
  )
    return null;
  // The wall-clock time minus Lisbon's offset at that moment (checked again across a DST change).
  let at = guess - lisbonOffset(new Date(guess));
  at = guess - lisbonOffset(new Date(at));
  return new Date(at);
}

/** An instant as the `datetime-local` value of a form, in Lisbon's time (`2026-12-01T09:00`). */
export function toLisbonInput(value: string | Date | null | undefined): string {
  if (!value) return '';
  const at = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(at.getTime())) return '';
  const p = lisbonParts(at);
  const two = (n: number) => String(n).padStart(2, '0');
  return `${p.year}-${two(p.month)}-${two(p.day)}T${two(p.hour)}:${two(p.minute)}`;
}

const longDate = lazyFormat(
  () =>
    new Intl.DateTimeFormat('pt-PT', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: ZONE,
    }),
);

/**
 * A campaign's period in pt-PT words, for its public page: "De 1 de setembro de 2026 a 31 de
 * março de 2027", "Até 31 de março de 2027", "A partir de 1 de setembro de 2026"; null when it
 * has neither date (it runs until staff end it).
 */
export function campaignPeriod(
  startsAt: string | Date | null | undefined,
  endsAt: string | Date | null | undefined,
): string | null {
  const day = (v: string | Date | null | undefined) => {
    if (!v) return null;
    const at = typeof v === 'string' ? new Date(v) : v;
    return Number.isNaN(at.getTime()) ? null : longDate().format(at);
  };
  const from = day(startsAt);
  const to = day(endsAt);
  if (from && to) return `De ${from} a ${to}`;
  if (to) return `Até ${to}`;
  if (from) return `A partir de ${from}`;
  return null;
}
