/** A `next` parameter is only followed to a path of this site (no open redirect). */
export function safeNextPath(value: string | string[] | undefined, fallback = '/'): string {
  const v = Array.isArray(value) ? value[0] : value;
  if (!v || !v.startsWith('/') || v.startsWith('//') || v.startsWith('/\\') || v.length > 500) return fallback;
  return v;
}
