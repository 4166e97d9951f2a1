'use client';

import * as React from 'react';
import Link from 'next/link';
import { CheckCircle2Icon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { digitsOnly, NIF_LENGTH, PHONE_LENGTH } from '@/lib/auth/validation';
import { applyFieldErrors, zodFormResolver } from '@/lib/forms/zod-resolver';
import { cn } from '@/lib/utils';
import {
  ACCESS_REQUEST_DEFAULTS,
  ACCESS_REQUEST_FIELDS,
  ACCESS_REQUEST_LIMITS,
  ACCESS_REQUEST_MESSAGES,
  ACCESS_REQUEST_TYPOLOGIES,
  accessRequestSchema,
  type AccessRequestFormValues,
} from '@/lib/validation/access-request';
import { submitAccessRequestAction } from '@/server/access-requests/actions';

type Field = keyof AccessRequestFormValues;

const resolver = zodFormResolver<AccessRequestFormValues>(accessRequestSchema);

const TEXT = {
  formLabel: 'Pedido de acesso profissional',
  requiredNote: 'Os campos assinalados com * são obrigatórios.',
  companyName: 'Nome da empresa',
  companyPlaceholder: 'Ex.: Canalizações Silva, Lda.',
  fiscalNumber: 'NIF',
  fiscalNumberHint: 'O número de identificação fiscal da empresa (9 dígitos).',
  contactName: 'Nome do contacto',
  contactPlaceholder: 'Nome e apelido',
  email: 'Email',
  emailPlaceholder: 'nome@empresa.pt',
  phone: 'Telemóvel (opcional)',
  phonePlaceholder: '912345678',
  typology: 'Tipologia',
  typologyPlaceholder: 'Selecione a tipologia',
  message: 'Mensagem (opcional)',
  messagePlaceholder:
    'Conte-nos um pouco sobre a sua atividade: as obras em que trabalha, as marcas ou famílias de produtos que mais utiliza.',
  privacyBefore: 'Li e aceito a ',
  privacyLink: 'política de privacidade',
  privacyAfter: ' e autorizo o tratamento dos dados enviados para analisar este pedido.',
  honeypot: 'Não preencha este campo',
  submit: 'Enviar pedido',
  submitting: 'A enviar...',
  fixErrors: 'Por favor, corrija os campos assinalados.',
  networkError: 'Não foi possível enviar o pedido. Verifique a ligação e tente novamente.',
  keptHint: 'O que escreveu continua no formulário.',
  backToProducts: 'Explorar produtos',
  another: 'Enviar outro pedido',
} as const;

const isField = (name: string): name is Field => (ACCESS_REQUEST_FIELDS as string[]).includes(name);

type Outcome = { kind: 'success' } | { kind: 'error'; message: string; fields: boolean } | null;

export interface AccessRequestFormProps {
  /** Values known beforehand (a signed-in user's name and e-mail). */
  defaultValues?: Partial<
    Pick<
      AccessRequestFormValues,
      'companyName' | 'fiscalNumber' | 'contactName' | 'email' | 'phone'
    >
  >;
  className?: string;
}

/** The form of /access-request (spec 2.1): validated here and again by the server action. */
export function AccessRequestForm({ defaultValues, className }: AccessRequestFormProps) {
  const id = React.useId();
  const initial = React.useMemo<AccessRequestFormValues>(
    () => ({ ...ACCESS_REQUEST_DEFAULTS, ...defaultValues }),
    [defaultValues],
  );
  const [outcome, setOutcome] = React.useState<Outcome>(null);
  const successRef = React.useRef<HTMLHeadingElement>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AccessRequestFormValues>({
    resolver,
    defaultValues: initial,
    mode: 'onTouched',
  });

  React.useEffect(() => {
    if (outcome?.kind === 'success') successRef.current?.focus();
  }, [outcome]);

  const fieldId = (name: Field) => `${id}-${name}`;
  const errorId = (name: Field) => `${id}-${name}-error`;
  const hintId = (name: Field) => `${id}-${name}-hint`;
  /** aria-invalid + aria-describedby (the error, then any hint) for a control. */
  const a11y = (name: Field, hint?: boolean) => {
    const invalid = Boolean(errors[name]);
    const describedBy = [invalid ? errorId(name) : null, hint ? hintId(name) : null]
      .filter(Boolean)
      .join(' ');
    return { 'aria-invalid': invalid || undefined, 'aria-describedby': describedBy || undefined };
  };
  const errorText = (name: Field) => {
    const text = errors[name]?.message;
    return text ? (
      <p id={errorId(name)} className="text-sm text-red-600">
        {text}
      </p>
    ) : null;
  };

  /** NIF and phone: only digits, at most 9 (spec 5), whatever is typed or pasted. */
  const digitsField = (name: 'fiscalNumber' | 'phone', max: number) => {
    const registration = register(name);
    return {
      ...registration,
      onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
        const clean = digitsOnly(event.target.value, max);
        if (event.target.value !== clean) event.target.value = clean;
        return registration.onChange(event);
      },
    };
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setOutcome(null);
      try {
        const result = await submitAccessRequestAction(values);
        if (result.ok) {
          reset(initial);
          setOutcome({ kind: 'success' });
          toast.success(ACCESS_REQUEST_MESSAGES.success);
          return;
        }
        const known = Object.fromEntries(
          Object.entries(result.fieldErrors ?? {}).filter(([name]) => isField(name)),
        );
        const fields = applyFieldErrors(known, setError);
        setOutcome({ kind: 'error', message: fields ? TEXT.fixErrors : result.error, fields });
      } catch {
        setOutcome({ kind: 'error', message: TEXT.networkError, fields: false });
      }
    },
    () => setOutcome(null),
  );

  if (outcome?.kind === 'success') {
    return (
      <div
        role="status"
        data-testid="access-request-success"
        className={cn(
          'rounded-lg border border-green-200 bg-green-50 p-6 text-green-900',
          className,
        )}
      >
        <h2
          ref={successRef}
          tabIndex={-1}
          className="flex items-center gap-2 text-xl font-semibold outline-none"
        >
          <CheckCircle2Icon aria-hidden className="size-6 shrink-0 text-green-700" />
          {ACCESS_REQUEST_MESSAGES.success}
        </h2>
        <p className="mt-3 leading-relaxed">{ACCESS_REQUEST_MESSAGES.successDetail}</p>
        <div className="mt-5 flex flex-wrap gap-3">
          <Button asChild className="bg-sky-700 text-white hover:bg-sky-800">
            <Link href="/produtos">{TEXT.backToProducts}</Link>
          </Button>
          <Button type="button" variant="outline" onClick={() => setOutcome(null)}>
            {TEXT.another}
          </Button>
        </div>
      </div>
    );
  }

  const required = (
    <span aria-hidden className="text-red-600">
      *
    </span>
  );

  return (
    <form
      aria-label={TEXT.formLabel}
      data-testid="access-request-form"
      noValidate
      onSubmit={onSubmit}
      className={cn('relative space-y-5', className)}
    >
      <p className="text-sm text-slate-600">{TEXT.requiredNote}</p>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('companyName')}>
              {TEXT.companyName} {required}
            </Label>
            <Input
              id={fieldId('companyName')}
              autoComplete="organization"
              placeholder={TEXT.companyPlaceholder}
              maxLength={ACCESS_REQUEST_LIMITS.companyMax}
              aria-required="true"
              {...a11y('companyName')}
              {...register('companyName')}
            />
            {errorText('companyName')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('fiscalNumber')}>
              {TEXT.fiscalNumber} {required}
            </Label>
            <Input
              id={fieldId('fiscalNumber')}
              inputMode="numeric"
              autoComplete="off"
              placeholder="123456789"
              aria-required="true"
              {...a11y('fiscalNumber', true)}
              {...digitsField('fiscalNumber', NIF_LENGTH)}
            />
            <p id={hintId('fiscalNumber')} className="text-xs text-slate-500">
              {TEXT.fiscalNumberHint}
            </p>
            {errorText('fiscalNumber')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('contactName')}>
              {TEXT.contactName} {required}
            </Label>
            <Input
              id={fieldId('contactName')}
              autoComplete="name"
              placeholder={TEXT.contactPlaceholder}
              maxLength={ACCESS_REQUEST_LIMITS.contactMax}
              aria-required="true"
              {...a11y('contactName')}
              {...register('contactName')}
            />
            {errorText('contactName')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('email')}>
              {TEXT.email} {required}
            </Label>
            <Input
              id={fieldId('email')}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={TEXT.emailPlaceholder}
              maxLength={ACCESS_REQUEST_LIMITS.emailMax}
              aria-required="true"
              {...a11y('email')}
              {...register('email')}
            />
            {errorText('email')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('phone')}>{TEXT.phone}</Label>
            <Input
              id={fieldId('phone')}
              type="tel"
              inputMode="numeric"
              autoComplete="tel-national"
              placeholder={TEXT.phonePlaceholder}
              {...a11y('phone')}
              {...digitsField('phone', PHONE_LENGTH)}
            />
            {errorText('phone')}
          </div>
          <div className="space-y-1.5">
            <Label htmlFor={fieldId('typology')}>
              {TEXT.typology} {required}
            </Label>
            <NativeSelect
              id={fieldId('typology')}
              aria-required="true"
              {...a11y('typology')}
              {...register('typology')}
            >
              <option value="" disabled>
                {TEXT.typologyPlaceholder}
              </option>
              {ACCESS_REQUEST_TYPOLOGIES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
            {errorText('typology')}
          </div>
        </div>

        <div className="space-y-1.5">
          <Label htmlFor={fieldId('message')}>{TEXT.message}</Label>
          <Textarea
            id={fieldId('message')}
            rows={5}
            className="min-h-32"
            maxLength={ACCESS_REQUEST_LIMITS.messageMax}
            placeholder={TEXT.messagePlaceholder}
            {...a11y('message')}
            {...register('message')}
          />
          {errorText('message')}
        </div>

        <div className="space-y-1.5">
          <div className="flex items-start gap-3">
            <input
              id={fieldId('acceptPrivacyPolicy')}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-sky-700"
              aria-required="true"
              {...a11y('acceptPrivacyPolicy')}
              {...register('acceptPrivacyPolicy')}
            />
            <label
              htmlFor={fieldId('acceptPrivacyPolicy')}
              className="text-sm leading-snug text-slate-700"
            >
              {TEXT.privacyBefore}
              <Link
                href="/condicoes-gerais-de-venda"
                className="text-sky-800 underline underline-offset-2 hover:text-sky-900"
              >
                {TEXT.privacyLink}
              </Link>
              {TEXT.privacyAfter} {required}
            </label>
          </div>
          {errorText('acceptPrivacyPolicy')}
        </div>

        {/* Honeypot: invisible to people and assistive technology; bots fill it in. */}
        <div
          aria-hidden="true"
          className="absolute -left-[10000px] top-auto size-px overflow-hidden"
        >
          <label htmlFor={fieldId('honeypot')}>{TEXT.honeypot}</label>
          <input
            id={fieldId('honeypot')}
            type="text"
            tabIndex={-1}
            autoComplete="off"
            aria-hidden="true"
            {...register('honeypot')}
          />
        </div>
      </fieldset>

      <div aria-live="polite">
        {outcome?.kind === 'error' && (
          <div
            role="alert"
            className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700"
          >
            <p className="font-medium">{outcome.message}</p>
            {!outcome.fields && <p>{TEXT.keptHint}</p>}
          </div>
        )}
      </div>

      <Button
        type="submit"
        disabled={isSubmitting}
        className="h-11 bg-sky-700 px-6 text-white hover:bg-sky-800"
      >
        {isSubmitting ? TEXT.submitting : TEXT.submit}
      </Button>
    </form>
  );
}
