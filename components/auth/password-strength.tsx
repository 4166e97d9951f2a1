'use client';

import { useTranslations } from 'next-intl';
import { passwordStrength, passwordRules, type PasswordStrengthLevel } from '@/lib/validation/auth';
import { cn } from '@/lib/utils';

const LEVEL_CLASSES: Record<PasswordStrengthLevel, string> = {
  'very-weak': 'bg-red-600',
  weak: 'bg-orange-500',
  medium: 'bg-amber-500',
  good: 'bg-lime-600',
  strong: 'bg-emerald-600',
};

/** Keys of `Auth.strength.levels`. */
const LEVEL_KEYS: Record<PasswordStrengthLevel, string> = {
  'very-weak': 'veryWeak',
  weak: 'weak',
  medium: 'medium',
  good: 'good',
  strong: 'strong',
};

/** The password-strength meter of spec 5: five rules, the share met gives the label. */
export function PasswordStrength({ password, id }: { password: string; id?: string }) {
  const t = useTranslations('Auth.strength');
  if (!password) return null;
  const strength = passwordStrength(password);
  return (
    <div id={id} className="space-y-1" data-testid="password-strength">
      <div className="h-1.5 overflow-hidden rounded-full bg-slate-200" aria-hidden>
        <div className={cn('h-full transition-all', LEVEL_CLASSES[strength.level])} style={{ width: `${Math.max(8, strength.percent)}%` }} />
      </div>
      <p className="text-xs text-slate-700" role="status" aria-live="polite">
        {t.rich('label', {
          level: t(`levels.${LEVEL_KEYS[strength.level]}`),
          strong: (chunks) => <span className="font-semibold">{chunks}</span>,
        })}
      </p>
      <ul className="grid grid-cols-1 gap-x-3 text-xs sm:grid-cols-2">
        {passwordRules.map((rule) => {
          const ok = rule.test(password);
          return (
            <li key={rule.id} className={ok ? 'text-emerald-700' : 'text-slate-600'}>
              <span aria-hidden>{ok ? '✓' : '•'}</span> {t(`rules.${rule.id}`)}
              <span className="sr-only">{ok ? t('met') : t('missing')}</span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
