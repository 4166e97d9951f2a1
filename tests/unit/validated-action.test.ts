/** @jest-environment node */
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { toViewer, type Viewer } from '@/lib/auth/viewer';
import { resetEnvCache } from '@/lib/env';
import type { ActionResult } from '@/lib/errors';
import { signUpSchema } from '@/lib/validation/auth';
import { validatedAction } from '@/server/actions/validated-action';
import { AppError } from '@/server/errors';
import { signUpAction } from '@/server/auth/actions';
import { getViewer } from '@/server/auth/session';
import { CLIENT_IP_HEADER, behindTrustedFront } from '../helpers/client-ip';
import { text } from '../helpers/next-intl';
import { captureLogs } from '@/server/log';

/**
 * What a form (or an API client calling a server action) gets back from validatedAction: the
 * guards, the validation with the form's own schema, FormData, and the error answers — always
 * message keys of messages/pt-PT.json, never raw text or a stack.
 */

/** The request being served: its host decides the feature flags. */
const mockRequestHeaders = new Map<string, string>();
jest.mock('next/headers', () => ({
  headers: async () => new Headers(Object.fromEntries(mockRequestHeaders)),
}));
jest.mock('@/server/auth/session', () => ({ getViewer: jest.fn() }));

behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const viewer = jest.mocked(getViewer);

const PRODUCTION_HOST = 'loja.example.pt';
const customer = toViewer(
  { id: 'u-cliente', email: 'cliente@example.pt', name: 'Cliente' },
  'viewer',
);
const editor = toViewer({ id: 'u-editor', email: 'editora@example.pt', name: 'Editora' }, 'editor');
const admin = toViewer(
  { id: 'u-admin', email: 'admin@example.pt', name: 'Admin', isAdmin: true },
  'admin',
);

function onHost(host: string) {
  mockRequestHeaders.clear();
  mockRequestHeaders.set('host', host);
  mockRequestHeaders.set(CLIENT_IP_HEADER, '198.51.100.7');
}

function signedInAs(user: Viewer | null) {
  viewer.mockResolvedValue(user);
}

/** Every key of an answer (message, field errors) has its pt-PT text. */
function expectKnownKeys(result: ActionResult<unknown>) {
  if (result.ok) return;
  expect(() => text(result.error.message, result.error.values)).not.toThrow();
  for (const keys of Object.values(result.error.fieldErrors ?? {})) {
    for (const key of keys) expect(() => text(key)).not.toThrow();
  }
}

beforeAll(() => {
  env.PRODUCTION_HOSTS = PRODUCTION_HOST;
  env.FULL_FEATURE_HOSTS = 'localhost';
  resetEnvCache();
});

afterAll(() => {
  delete env.PRODUCTION_HOSTS;
  delete env.FULL_FEATURE_HOSTS;
  resetEnvCache();
});

beforeEach(() => {
  viewer.mockReset();
  signedInAs(null);
  onHost('localhost:3000');
});

const schema = z.object({ name: z.string().trim().min(1, 'Validation.nameRequired') });

describe('session', () => {
  const handler = jest.fn(async (data: { name: string }, { viewer }: { viewer: Viewer }) => ({
    greeting: `${data.name}/${viewer.id}`,
  }));
  const action = validatedAction({ schema, session: 'required' }, handler);

  beforeEach(() => handler.mockClear());

  it('refuses a visitor without a session with the unauthenticated key, before reading the input', async () => {
    const result = await action({ name: '' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'unauthorized', message: 'Errors.unauthenticated' },
    });
    expect(text('Errors.unauthenticated')).toBe('A sua sessão terminou. Inicie sessão novamente.');
    expect(handler).not.toHaveBeenCalled();
  });

  it('passes the signed-in viewer to the handler', async () => {
    signedInAs(customer);
    await expect(action({ name: ' Ana ' })).resolves.toEqual({
      ok: true,
      data: { greeting: 'Ana/u-cliente' },
    });
  });

  it('reads the viewer when the session is optional, and lets visitors through', async () => {
    const seen: (string | null)[] = [];
    const open = validatedAction({ schema, session: 'optional' }, async (_data, ctx) => {
      seen.push(ctx.viewer?.id ?? null);
      return null;
    });
    await expect(open({ name: 'x' })).resolves.toEqual({ ok: true, data: null });
    signedInAs(editor);
    await open({ name: 'x' });
    expect(seen).toEqual([null, 'u-editor']);
  });

  it('does not look the session up for an open action', async () => {
    const open = validatedAction({ schema }, async (_data, ctx) => ctx.viewer);
    await expect(open({ name: 'x' })).resolves.toEqual({ ok: true, data: null });
    expect(viewer).not.toHaveBeenCalled();
  });
});

describe('permission', () => {
  const manage = validatedAction(
    { schema, session: 'required', permission: 'manage_products' },
    async () => 'ok',
  );
  const staffOnly = validatedAction(
    {
      schema,
      session: 'required',
      permission: 'staff',
      messages: { forbidden: 'Account.twoFactor.staffOnly' },
    },
    async () => 'ok',
  );

  it('refuses a user whose role lacks it with the forbidden key', async () => {
    signedInAs(customer);
    await expect(manage({ name: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Errors.forbidden' },
    });
  });

  it('lets the roles of spec 6 that have it through, and admins always', async () => {
    signedInAs(editor);
    await expect(manage({ name: 'x' })).resolves.toEqual({ ok: true, data: 'ok' });
    signedInAs(admin);
    await expect(manage({ name: 'x' })).resolves.toEqual({ ok: true, data: 'ok' });
  });

  it("'staff' means the admin flag or a role above viewer, with the action's own key", async () => {
    signedInAs(customer);
    await expect(staffOnly({ name: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'forbidden', message: 'Account.twoFactor.staffOnly' },
    });
    signedInAs(editor);
    await expect(staffOnly({ name: 'x' })).resolves.toMatchObject({ ok: true });
  });

  it('without a session answers unauthenticated first', async () => {
    await expect(manage({ name: 'x' })).resolves.toMatchObject({ error: { code: 'unauthorized' } });
  });
});

describe('feature flag', () => {
  const handler = jest.fn(async () => 'done');
  const action = validatedAction({ schema, flag: 'ENABLE_USER_REGISTRATION' }, handler);

  beforeEach(() => handler.mockClear());

  it('is open where the flag is on', async () => {
    await expect(action({ name: 'x' })).resolves.toEqual({ ok: true, data: 'done' });
  });

  it('answers the feature-off key where the flag is off, even for a signed-in customer', async () => {
    onHost(PRODUCTION_HOST);
    await expect(action({ name: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'feature_off', message: 'Errors.featureOff' },
    });
    signedInAs(customer);
    await expect(action({ name: 'x' })).resolves.toMatchObject({ error: { code: 'feature_off' } });
    expect(handler).not.toHaveBeenCalled();
  });

  it('lets admins through when the flag is off (spec 4)', async () => {
    onHost(PRODUCTION_HOST);
    signedInAs(admin);
    await expect(action({ name: 'x' })).resolves.toEqual({ ok: true, data: 'done' });
  });

  it('cannot be switched on by a forged X-Forwarded-Host', async () => {
    onHost(PRODUCTION_HOST);
    mockRequestHeaders.set('x-forwarded-host', 'localhost');
    await expect(action({ name: 'x' })).resolves.toMatchObject({ error: { code: 'feature_off' } });
  });

  it('closes the sign-up action on a production host', async () => {
    onHost(PRODUCTION_HOST);
    await expect(signUpAction({})).resolves.toEqual({
      ok: false,
      error: { code: 'feature_off', message: 'Errors.featureOff' },
    });
  });
});

describe('validation', () => {
  const action = validatedAction({ schema: signUpSchema }, async (data) => data);

  it('answers the schema’s issues as field → message keys, with their pt-PT texts', async () => {
    const result = await action({
      email: 'ana@',
      password: 'curta',
      confirmPassword: 'outra',
      firstName: ' ',
      lastName: 'Silva',
      phoneNumber: '91234',
      acceptPrivacyPolicy: false,
    });
    expect(result).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: {
          email: ['Validation.emailInvalid'],
          password: [
            'Validation.passwordLength',
            'Validation.passwordUppercase',
            'Validation.passwordDigit',
            'Validation.passwordSpecial',
          ],
          confirmPassword: ['Validation.passwordsMismatch'],
          firstName: ['Validation.firstNameRequired'],
          phoneNumber: ['Validation.phoneInvalid'],
          acceptPrivacyPolicy: ['Validation.privacyRequired'],
        },
      },
    });
    expectKnownKeys(result);
    expect(text('Validation.phoneInvalid')).toBe(
      'O número de telemóvel deve ter exatamente 9 dígitos',
    );
    expect(text('Validation.privacyRequired')).toBe(
      'Deve aceitar a política de privacidade para continuar',
    );
  });

  it('never answers zod’s own English text: not an object, a wrong type', async () => {
    const notAnObject = await action(null as never);
    expect(notAnObject).toEqual({
      ok: false,
      error: { code: 'bad_request', message: 'Errors.badRequest' },
    });

    const strict = validatedAction({ schema: z.object({ count: z.number() }) }, async () => null);
    const wrongType = await strict({ count: 'três' });
    expect(wrongType).toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { count: ['Validation.invalid'] },
      },
    });
    expect(JSON.stringify([notAnObject, wrongType])).not.toMatch(
      /expected|received|Invalid input/i,
    );
  });
});

describe('FormData', () => {
  /** An HTML sign-up form as the browser posts it: strings, and nothing for an unticked box. */
  function signUpForm(extra: Record<string, string> = {}): FormData {
    const form = new FormData();
    const fields: Record<string, string> = {
      email: ' Ana.Silva@Example.PT ',
      password: 'Canalizacao#2024',
      confirmPassword: 'Canalizacao#2024',
      firstName: 'Ana',
      lastName: 'Silva',
      phoneNumber: '912 345 678',
      taxNumber: '',
      newsletterTypology: 'Instalador',
      ...extra,
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('$ACTION_ID_abc', '');
    return form;
  }

  it('is read by the same schema as the form: ticked boxes are true, unticked ones false', async () => {
    const action = validatedAction({ schema: signUpSchema }, async (data) => data);
    const result = await action(signUpForm({ acceptPrivacyPolicy: 'on' }));
    expect(result).toMatchObject({
      ok: true,
      data: {
        email: 'ana.silva@example.pt',
        phoneNumber: '912345678',
        taxNumber: undefined,
        acceptPrivacyPolicy: true,
        // Unticked (absent from the FormData) even though the form's default is ticked.
        newsletter: false,
        newsletterTypology: 'Instalador',
      },
    });
    if (result.ok) expect(result.data).not.toHaveProperty('$ACTION_ID_abc');

    const ticked = await action(signUpForm({ acceptPrivacyPolicy: 'true', newsletter: 'on' }));
    expect(ticked).toMatchObject({
      ok: true,
      data: { newsletter: true, acceptPrivacyPolicy: true },
    });
  });

  it('refuses an unticked required box with its key', async () => {
    const action = validatedAction({ schema: signUpSchema }, async () => null);
    await expect(action(signUpForm())).resolves.toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { acceptPrivacyPolicy: ['Validation.privacyRequired'] },
      },
    });
    await expect(action(signUpForm({ acceptPrivacyPolicy: 'off' }))).resolves.toMatchObject({
      ok: false,
    });
  });

  it('turns number fields into numbers, repeated names into arrays, and keeps files', async () => {
    const order = z.object({
      quantity: z.number({ error: 'Validation.invalid' }).int().min(1, 'Validation.invalid'),
      discount: z.number().optional(),
      codes: z.array(z.string()),
      gift: z.boolean().default(true),
      note: z.instanceof(File).optional(),
    });
    const action = validatedAction({ schema: order }, async (data) => ({
      ...data,
      note: data.note ? `${data.note.name}:${await data.note.text()}` : null,
    }));

    const form = new FormData();
    form.append('quantity', '3');
    form.append('discount', '');
    form.append('codes', 'A1');
    form.append('codes', 'B2');
    form.append('note', new File(['olá'], 'nota.txt', { type: 'text/plain' }));
    await expect(action(form)).resolves.toEqual({
      ok: true,
      data: { quantity: 3, codes: ['A1', 'B2'], gift: false, note: 'nota.txt:olá' },
    });

    const bad = new FormData();
    bad.append('quantity', 'três');
    await expect(action(bad)).resolves.toEqual({
      ok: false,
      error: {
        code: 'bad_request',
        message: 'Errors.badRequest',
        fieldErrors: { quantity: ['Validation.invalid'] },
      },
    });
  });
});

describe('errors of the handler', () => {
  it('answers an AppError with its key and values, and its field keys', async () => {
    const action = validatedAction({ schema }, async () => {
      throw new AppError({
        code: 'rate_limited',
        key: 'Errors.rateLimited',
        values: { minutes: 5 },
      });
    });
    const result = await action({ name: 'x' });
    expect(result).toEqual({
      ok: false,
      error: { code: 'rate_limited', message: 'Errors.rateLimited', values: { minutes: 5 } },
    });
    expect(result.ok ? '' : text(result.error.message, result.error.values)).toBe(
      'Demasiadas tentativas. Por favor, aguarde 5 minutos e tente novamente.',
    );

    const conflict = validatedAction({ schema }, async () => {
      throw new AppError({
        code: 'conflict',
        key: 'Auth.signup.alreadyRegistered',
        fieldErrors: { email: ['Auth.signup.alreadyRegistered'] },
      });
    });
    await expect(conflict({ name: 'x' })).resolves.toEqual({
      ok: false,
      error: {
        code: 'conflict',
        message: 'Auth.signup.alreadyRegistered',
        fieldErrors: { email: ['Auth.signup.alreadyRegistered'] },
      },
    });
  });

  it('answers an AppError whose text the browser does not have (an API text) with the key of its code', async () => {
    const action = validatedAction({ schema }, async () => {
      throw new AppError({ code: 'not_found', key: 'Api.productNotFound' });
    });
    await expect(action({ name: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'Errors.notFound' },
    });
    const refused = validatedAction({ schema }, async () => {
      throw new AppError({ code: 'unprocessable', key: 'Orders.paymentUnavailable', values: { x: 1 }, fieldErrors: { payment_method: ['Orders.paymentUnavailable'] } });
    });
    await expect(refused({ name: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'unprocessable', message: 'Errors.badRequest' },
    });
  });

  it('logs anything else with an id and answers the generic key, without the error or its stack', async () => {
    const logs = captureLogs();
    try {
      const action = validatedAction({ schema }, async () => {
        throw new Error('ligação à base de dados recusada: password=segredo');
      });
      const result = await action({ name: 'x' });
      expect(result).toEqual({
        ok: false,
        error: { code: 'internal_error', message: 'Errors.generic' },
      });
      expect(JSON.stringify(result)).not.toMatch(/segredo|recusada|at /);
      const errors = logs.lines.filter((l) => l.level === 'error');
      expect(errors).toHaveLength(1);
      expect(errors[0]).toMatchObject({ scope: 'action', msg: 'erro inesperado', errorId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect((errors[0]!.err as { message: string }).message).toContain('recusada');
    } finally {
      logs.restore();
    }
  });

  it("lets Next's redirect() through", async () => {
    const action = validatedAction({ schema }, async () => redirect('/login'));
    await expect(action({ name: 'x' })).rejects.toMatchObject({
      digest: expect.stringContaining('NEXT_REDIRECT'),
    });
  });
});
