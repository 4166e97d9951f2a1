'use client';

import * as React from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { adminFetch, jsonInit } from '@/components/admin/admin-fetch';
import { FormAlert } from '@/components/forms/form-alert';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useMessageText } from '@/lib/forms/use-message-text';
import { classifierRuleSchema, RULE_KEYWORDS_MAX } from '@/lib/validation/admin-classifier';
import { CategoryPicker } from './category-picker';
import { ColumnHeaders } from '@/components/ui/table';

export interface RuleView {
  id: number;
  keywordsText: string;
  categoryId: number;
  categoryPath: string;
  priority: number;
  version: number;
}

/** The form of a rule (new, or editing one): keywords, category, priority. */
function RuleForm({ rule, onDone }: { rule?: RuleView; onDone: () => void }) {
  const t = useTranslations('Admin.Classifier');
  const text = useMessageText();
  const router = useRouter();
  const id = React.useId();
  const [keywords, setKeywords] = React.useState(rule?.keywordsText ?? '');
  const [categoryId, setCategoryId] = React.useState<number | null>(rule?.categoryId ?? null);
  const [priority, setPriority] = React.useState(String(rule?.priority ?? 0));
  const [problem, setProblem] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setProblem(null);
    const value = { keywords, categoryId, priority: /^-?\d+$/.test(priority.trim()) ? Number(priority.trim()) : Number.NaN };
    const parsed = classifierRuleSchema.safeParse(value);
    if (!parsed.success) {
      setProblem(text(parsed.error.issues[0]?.message) ?? t('failed'));
      return;
    }
    setBusy(true);
    const result = rule
      ? await adminFetch(`/api/admin/google-category-classifier/rules/${rule.id}`, jsonInit('PUT', { ...parsed.data, version: rule.version }))
      : await adminFetch('/api/admin/google-category-classifier/rules', jsonInit('POST', parsed.data));
    setBusy(false);
    if (result.ok) {
      toast.success(result.message ?? t(rule ? 'ruleSaved' : 'ruleCreated'));
      if (!rule) {
        setKeywords('');
        setCategoryId(null);
        setPriority('0');
      }
      onDone();
      router.refresh();
    } else setProblem(result.message ?? t('failed'));
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 rounded-xl border bg-white p-4 md:grid-cols-2" aria-label={rule ? t('ruleEdit') : t('newRule')} data-testid={rule ? 'rule-edit-form' : 'rule-form'}>
      <div className="space-y-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-kw`} className="text-sm font-medium text-slate-900">
            {t('ruleKeywords')}
          </label>
          <input id={`${id}-kw`} value={keywords} maxLength={RULE_KEYWORDS_MAX} onChange={(e) => setKeywords(e.target.value)} className="h-9 w-full rounded-md border px-3 text-sm" aria-describedby={`${id}-kw-hint`} />
          <p id={`${id}-kw-hint`} className="text-xs text-slate-600">
            {t('ruleKeywordsHint')}
          </p>
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-prio`} className="text-sm font-medium text-slate-900">
            {t('rulePriority')}
          </label>
          <input id={`${id}-prio`} inputMode="numeric" value={priority} onChange={(e) => setPriority(e.target.value)} className="h-9 w-32 rounded-md border px-3 text-sm" aria-describedby={`${id}-prio-hint`} />
          <p id={`${id}-prio-hint`} className="text-xs text-slate-600">
            {t('rulePriorityHint')}
          </p>
        </div>
      </div>
      <CategoryPicker value={categoryId} onChange={setCategoryId} id={`${id}-cat`} label={t('ruleCategory')} />
      <div className="md:col-span-2">
        <FormAlert message={problem} />
      </div>
      <div className="flex gap-2 md:col-span-2">
        <Button type="submit" disabled={busy}>
          {rule ? t('ruleSave') : t('ruleCreate')}
        </Button>
        {rule ? (
          <Button type="button" variant="outline" onClick={onDone}>
            {t('ruleCancel')}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/** The rules tab: the list (edit in place, delete with confirmation) and the form of a new rule. */
export function RulesEditor({ rules }: { rules: RuleView[] }) {
  const t = useTranslations('Admin.Classifier');
  const router = useRouter();
  const [editing, setEditing] = React.useState<number | null>(null);
  const remove = async (rule: RuleView) => {
    if (!window.confirm(`${t('ruleDeleteTitle')}\n${t('ruleDeleteBody', { keywords: rule.keywordsText })}`)) return;
    const result = await adminFetch(`/api/admin/google-category-classifier/rules/${rule.id}?version=${rule.version}`, { method: 'DELETE' });
    if (result.ok) {
      toast.success(result.message ?? t('ruleDeleted'));
      router.refresh();
    } else toast.error(result.message ?? t('failed'));
  };
  return (
    <div className="space-y-6">
      {rules.length === 0 ? (
        <p className="rounded-xl border bg-white p-4 text-slate-700">{t('rulesEmpty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border bg-white">
          <table className="w-full text-left text-sm" data-testid="rules-table">
            <thead className="bg-slate-50 text-slate-700">
              <ColumnHeaders cellClassName="px-3 py-2" columns={(['ruleKeywords', 'ruleCategory', 'rulePriority', 'colActions'] as const).map((key) => t(key))} />
            </thead>
            <tbody>
              {rules.map((r) =>
                editing === r.id ? (
                  <tr key={r.id} className="border-t">
                    <td colSpan={4} className="p-2">
                      <RuleForm rule={r} onDone={() => setEditing(null)} />
                    </td>
                  </tr>
                ) : (
                  <tr key={r.id} className="border-t align-top">
                    <td className="px-3 py-2 font-medium">{r.keywordsText}</td>
                    <td className="px-3 py-2">
                      {r.categoryId} · {r.categoryPath}
                    </td>
                    <td className="px-3 py-2">{r.priority}</td>
                    <td className="px-3 py-2">
                      <span className="flex gap-2">
                        <button type="button" className="text-sky-800 hover:underline" onClick={() => setEditing(r.id)}>
                          {t('ruleEdit')}
                        </button>
                        <button type="button" className="text-red-700 hover:underline" onClick={() => void remove(r)}>
                          {t('ruleDelete')}
                        </button>
                      </span>
                    </td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="nova-regra" className="space-y-2">
        <h2 id="nova-regra" className="text-lg font-semibold text-slate-900">
          {t('newRule')}
        </h2>
        <RuleForm onDone={() => undefined} />
      </section>
    </div>
  );
}
