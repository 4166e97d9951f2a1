import 'server-only';
import type { SaveToJobListTexts } from '@/lib/job-lists/texts';
import messages from '@/messages/pt-PT.json';

/**
 * The "Guardar numa obra" dialog's texts as plain strings (placeholders `{name}` and `{n}` are
 * filled by the dialog): the shop pages that show it are cached for everyone and carry no
 * `JobLists` namespace to the browser.
 */
export function saveToJobListTexts(): SaveToJobListTexts {
  const t = messages.JobLists;
  return {
    saveToList: t.saveToList,
    saveCart: t.saveCart,
    title: t.saveToListTitle,
    description: t.saveToListDescription,
    model: t.model,
    package: t.package,
    packageOf: t.packageOf,
    unit: t.unit,
    packages: t.packages,
    chooseList: t.chooseList,
    newList: t.newList,
    nameLabel: t.nameLabel,
    namePlaceholder: t.namePlaceholder,
    nameRequired: t.nameRequired,
    save: t.save,
    open: t.open,
    close: t.close,
    saved: t.saved,
    savedModel: t.savedModel,
    errorGeneric: t.errorGeneric,
  };
}
