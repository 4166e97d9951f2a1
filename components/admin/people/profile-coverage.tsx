'use client';

import * as React from 'react';
import { profileCoverage, type CatalogueGroup } from '@/lib/admin/discount-profiles';
import { formatInteger, formatPercent } from '@/lib/format';

export interface ProfileOption {
  id: string;
  name: string;
  description: string;
  tiers: readonly { prefix: string; percentage: string }[];
}

const groupList = (groups: string[], max = 6) => (groups.length > max ? `${groups.slice(0, max).join(', ')}… (${groups.length})` : groups.join(', '));
const models = (n: number) => `${formatInteger(n)} ${n === 1 ? 'modelo' : 'modelos'}`;

/**
 * The starting discount profile of an approval and, before approving, what it gives
 * the catalogue: for each of its rules the groups and the number of models it covers, then every
 * group of the catalogue the profile does not reach, each asking for its percentage (a required
 * field: 0 is a choice, never a silent default). Posted as `profile`, `extraPrefix[]` and
 * `extraPercentage[]`; the server checks the coverage again against the catalogue of the moment.
 */
export function ProfileCoverageChoice({
  profiles,
  groups,
  withoutGroup,
  defaultProfile,
}: {
  profiles: readonly ProfileOption[];
  groups: readonly CatalogueGroup[];
  withoutGroup: number;
  defaultProfile: string;
}) {
  const id = React.useId();
  const [profileId, setProfileId] = React.useState(defaultProfile);
  const profile = profiles.find((p) => p.id === profileId);
  const coverage = profile ? profileCoverage(profile.tiers, groups) : null;

  return (
    <div className="space-y-3" data-testid="profile-coverage">
      <div>
        <label htmlFor={`${id}-profile`} className="block text-sm font-medium text-slate-800">
          Perfil de desconto inicial
        </label>
        <select id={`${id}-profile`} name="profile" value={profileId} onChange={(e) => setProfileId(e.target.value)} className="mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
          {profiles.map((p) => (
            <option key={p.id} value={p.id}>
              {`${p.name} — ${p.description}`}
            </option>
          ))}
          <option value="copy">Copiar as regras de outra conta</option>
        </select>
      </div>

      {profileId === 'copy' ? (
        <p className="text-sm text-slate-700">As regras da conta escolhida abaixo são copiadas tal como estão; reveja-as na página da conta depois de aprovar.</p>
      ) : coverage && profile && profile.tiers.length === 0 ? (
        <p className="text-sm text-slate-700">A conta fica sem regras: todos os modelos a preço de tabela até acrescentar regras na página da conta.</p>
      ) : coverage ? (
        <>
          <table className="w-full text-left text-sm" data-testid="profile-rules">
            <caption className="mb-1 text-left text-sm font-medium text-slate-800">O que cada regra do perfil cobre no catálogo</caption>
            <thead className="text-slate-600">
              <tr>
                <th scope="col" className="py-1 pr-3 font-medium">Regra</th>
                <th scope="col" className="py-1 pr-3 font-medium">Desconto</th>
                <th scope="col" className="py-1 pr-3 font-medium">Grupos</th>
                <th scope="col" className="py-1 text-right font-medium">Modelos</th>
              </tr>
            </thead>
            <tbody>
              {coverage.tiers.map((t) => (
                <tr key={t.prefix} className="border-t" data-testid="profile-rule" data-prefix={t.prefix}>
                  <th scope="row" className="py-1 pr-3 font-medium">Grupos {t.prefix}</th>
                  <td className="py-1 pr-3 tabular-nums">{formatPercent(t.percentage)}</td>
                  <td className="py-1 pr-3">{t.groups.length ? groupList(t.groups) : 'nenhum no catálogo'}</td>
                  <td className="py-1 text-right tabular-nums">{models(t.models)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {coverage.missing.length ? (
            <fieldset className="space-y-2 rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="profile-missing">
              <legend className="px-1 text-sm font-medium text-amber-950">Grupos do catálogo que o perfil não cobre</legend>
              <p className="text-sm text-amber-950">
                {models(coverage.missing.reduce((n, m) => n + m.models, 0))} ficariam a preço de tabela. Indique o desconto de cada grupo (0 se não tiverem desconto).
              </p>
              {coverage.missing.map((m) => (
                <div key={m.prefix} className="flex flex-wrap items-center gap-2" data-testid="profile-missing-group" data-prefix={m.prefix}>
                  <input type="hidden" name="extraPrefix" value={m.prefix} />
                  <label htmlFor={`${id}-extra-${m.prefix}`} className="min-w-48 text-sm">
                    Grupos {m.prefix} ({groupList(m.groups)} · {models(m.models)}), desconto em %
                  </label>
                  <input id={`${id}-extra-${m.prefix}`} name="extraPercentage" inputMode="decimal" required className="w-24 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm" />
                </div>
              ))}
            </fieldset>
          ) : (
            <p className="text-sm text-emerald-800" data-testid="profile-complete">
              O perfil cobre todos os grupos do catálogo ({models(coverage.coveredModels)}).
            </p>
          )}
          {withoutGroup > 0 ? <p className="text-sm text-slate-600">{models(withoutGroup)} sem grupo de desconto: nenhuma regra os alcança.</p> : null}
        </>
      ) : null}
    </div>
  );
}
