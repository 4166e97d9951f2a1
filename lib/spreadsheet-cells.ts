/**
 * Text cells of the spreadsheets the shop writes (CSV and XLSX exports): one rule for all of them.
 *
 * A spreadsheet takes a cell that starts with `=`, `+`, `-` or `@` (and, in some, a tab or a
 * carriage return before one) for a formula: a product name, an author or any text someone typed
 * could then run one on the machine of whoever opens the file (CSV / formula injection). Such a
 * cell is written with a leading `'`, which spreadsheets show as text. Plain numbers (`-12,5`)
 * are not formulas and stay as they are, so numeric cells keep being numbers.
 *
 * The rule is reversible, for files the shop reads back (the catalogue import reads the catalogue
 * export): `fromFormulaSafe(formulaSafe(text)) === text` for every text. A text that already starts
 * with quotes before a formula character gets one more, so the reader removes exactly one.
 */

/** Starts (after any quotes) with a character a spreadsheet reads as the start of a formula. */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** What `formulaSafe` wrote: a quote, then (more quotes and) a formula character. */
const NEUTRALISED = /^'+[=+\-@\t\r]/;
/** A plain number (`-12`, `+3,5`, `-0.25`): never a formula, left as it is. */
const PLAIN_NUMBER = /^[+-]?\d+(?:[.,]\d+)?$/;

/** The text as a spreadsheet cell that can never be a formula (a leading `'` when it could be). */
export function formulaSafe(value: string): string {
  return FORMULA_START.test(value) && !PLAIN_NUMBER.test(value) ? `'${value}` : value;
}

/** The text `formulaSafe` was given: removes the one quote it added (anything else is kept). */
export function fromFormulaSafe(value: string): string {
  return NEUTRALISED.test(value) ? value.slice(1) : value;
}

/** A field of the shop's `;`-separated CSV files: quoted when it holds `;`, `"`, a line break or edge spaces. */
export function csvField(value: string): string {
  return /[;"\r\n]/.test(value) || /^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A text field of a CSV file: formula-safe, then quoted as needed. */
export function csvTextField(value: string | null | undefined): string {
  return csvField(formulaSafe(value ?? ''));
}
