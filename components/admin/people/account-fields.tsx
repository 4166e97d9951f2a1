import { Field } from './action-form';

export const ACCOUNT_LABELS: Record<string, string> = {
  name: 'Nome da conta (texto do distintivo)',
  fiscalName: 'Nome fiscal',
  nif: 'NIF',
  phcClientId: 'Cliente ERP (PHC)',
  address: 'Morada',
  postalCode: 'Código postal',
  city: 'Localidade',
  discountGroup: 'Grupo de desconto',
  discountPercentage: 'Desconto (%)',
  validFrom: 'Válida desde',
  validTo: 'Válida até',
  email: 'Email',
  fullName: 'Nome',
  role: 'Função',
  reason: 'Motivo',
  accountId: 'Conta',
  attachUser: 'Quem fica com o acesso',
  extraPercentage: 'Grupos que o perfil não cobre',
  version: 'Versão',
};

type Values = Partial<Record<'name' | 'fiscalName' | 'nif' | 'phcClientId' | 'address' | 'postalCode' | 'city', string | null>>;

/** The fields of a professional account (create, edit, approve into a new account). */
export function AccountFields({ values = {} }: { values?: Values }) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <Field label={ACCOUNT_LABELS.name!} name="name" defaultValue={values.name} required />
      <Field label={ACCOUNT_LABELS.fiscalName!} name="fiscalName" defaultValue={values.fiscalName} />
      <Field label={ACCOUNT_LABELS.nif!} name="nif" defaultValue={values.nif} hint="9 algarismos; o dígito de controlo é verificado." />
      <Field label={ACCOUNT_LABELS.phcClientId!} name="phcClientId" defaultValue={values.phcClientId} />
      <Field label={ACCOUNT_LABELS.address!} name="address" defaultValue={values.address} className="sm:col-span-2" />
      <Field label={ACCOUNT_LABELS.postalCode!} name="postalCode" defaultValue={values.postalCode} />
      <Field label={ACCOUNT_LABELS.city!} name="city" defaultValue={values.city} />
    </div>
  );
}
