/**
 * Inputs of the technical sheets' admin screens (/admin/ficha-tecnica), shared by the
 * react-hook-form forms and the server actions. Messages are keys of `Admin.Sheets.v` in
 * messages/pt-PT.json (the admin frame sends the `Admin` namespace to the browser).
 */
import { z } from 'zod';
import { DB_INT_MAX } from './ids';

export const SHEET_LIMITS = {
  title: 160,
  sections: 30,
  sectionTitle: 120,
  rows: 60,
  label: 120,
  value: 500,
  listItems: 30,
  listItem: 160,
  code: 60,
} as const;

const K = 'Admin.Sheets.v.';

const id = z.number(`${K}invalid`).int(`${K}invalid`).min(1, `${K}invalid`).max(DB_INT_MAX, `${K}invalid`);

const code = z
  .string(`${K}productRequired`)
  .transform((v) => v.trim())
  .pipe(z.string().max(SHEET_LIMITS.code, `${K}codeTooLong`));

/** "Nova ficha": the product's code and, for a sheet of one model, the model's code. */
export const createSheetSchema = z
  .object({
    product_code: code.pipe(z.string().min(1, `${K}productRequired`)),
    model_code: code.optional().transform((v) => (v ? v : null)),
  })
  .strip();
export type CreateSheetInput = z.input<typeof createSheetSchema>;

const text = (max: number, tooLong: string) =>
  z
    .string(`${K}invalid`)
    .transform((v) => v.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(max, `${K}${tooLong}`));

const sheetRow = z.object({
  label: text(SHEET_LIMITS.label, 'labelTooLong').pipe(z.string().min(1, `${K}labelRequired`)),
  value: z
    .string(`${K}invalid`)
    .transform((v) => v.trim())
    .pipe(z.string().min(1, `${K}valueRequired`).max(SHEET_LIMITS.value, `${K}valueTooLong`)),
});

const sheetSection = z.object({
  title: text(SHEET_LIMITS.sectionTitle, 'sectionTitleTooLong').pipe(z.string().min(1, `${K}sectionTitleRequired`)),
  rows: z.array(sheetRow, `${K}invalid`).min(1, `${K}rowsRequired`).max(SHEET_LIMITS.rows, `${K}tooManyRows`),
});

/** A list typed one item a line (norms, certifications) or sent as an array; blank lines dropped. */
const lines = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/\r?\n/) : v),
  z
    .array(z.string(`${K}invalid`), `${K}invalid`)
    .transform((items) => [...new Set(items.map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean))])
    .pipe(z.array(z.string().max(SHEET_LIMITS.listItem, `${K}listItemTooLong`)).max(SHEET_LIMITS.listItems, `${K}tooManyItems`)),
);

/** Storage keys the upload action handed out (`uploads/drawings/2026/….webp`, `uploads/documents/2026/….pdf`). */
export const DRAWING_KEY = /^uploads\/drawings\/\d{4}\/[a-f0-9]{24}\.webp$/;
export const DOCUMENT_KEY = /^uploads\/documents\/\d{4}\/[a-f0-9]{24}\.pdf$/;

const uploadKey = (pattern: RegExp) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), z.string(`${K}uploadInvalid`).regex(pattern, `${K}uploadInvalid`).nullable());

/** The sheet's form (the edit screen). `version` is the one the form was loaded with. */
export const sheetFormSchema = z
  .object({
    title: text(SHEET_LIMITS.title, 'titleTooLong').pipe(z.string().min(1, `${K}titleRequired`)),
    sections: z.array(sheetSection, `${K}invalid`).max(SHEET_LIMITS.sections, `${K}tooManySections`),
    norms: lines,
    certifications: lines,
    drawing_key: uploadKey(DRAWING_KEY),
    manufacturer_pdf_key: uploadKey(DOCUMENT_KEY),
    published: z.boolean(`${K}invalid`),
  })
  .strip();

export const saveSheetSchema = sheetFormSchema.extend({ id, version: id }).strip();
export type SaveSheetOutput = z.output<typeof saveSheetSchema>;

/** The form's own values: norms and certifications as text, one a line. */
export interface SheetFormValues {
  title: string;
  sections: { title: string; rows: { label: string; value: string }[] }[];
  norms: string;
  certifications: string;
  drawing_key: string | null;
  manufacturer_pdf_key: string | null;
  published: boolean;
}

export const deleteSheetSchema = z.object({ id, version: id }).strip();

/** An upload of the edit screen: the drawing (an image) or the manufacturer's PDF. */
export const sheetUploadSchema = z
  .object({
    kind: z.enum(['drawing', 'pdf'], `${K}invalid`),
    file: z.instanceof(File, { message: `${K}fileRequired` }).refine((f) => f.size > 0, `${K}fileRequired`),
  })
  .strip();
