/** Longest name of a job list. */
export const JOB_LIST_NAME_MAX = 120;

/** The texts of the "Guardar numa obra" dialog, read on the server and passed as props (`server/worksite-lists/texts.ts`). */
export interface SaveToJobListTexts {
  saveToList: string;
  saveCart: string;
  title: string;
  description: string;
  model: string;
  package: string;
  packageOf: string;
  unit: string;
  packages: string;
  chooseList: string;
  newList: string;
  nameLabel: string;
  namePlaceholder: string;
  nameRequired: string;
  save: string;
  open: string;
  close: string;
  saved: string;
  /** After a model of a product page: which model and how many, and where. */
  savedModel: string;
  errorGeneric: string;
}
