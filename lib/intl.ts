/**
 * Intl formatters made on first use, not when their module loads. Building an `Intl.DateTimeFormat`
 * with a time zone or an `Intl.NumberFormat` in euros loads locale data and costs milliseconds on a
 * phone; a module that makes them at its top level charges every page that imports it, before the
 * page can answer a tap, even when it never formats a date.
 */
export function lazyFormat<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}
