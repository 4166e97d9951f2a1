import {
  DEFAULT_TYPOLOGY,
  LOGIN_MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  SIGNUP_MESSAGES,
  SIGN_UP_DEFAULTS,
  TYPOLOGIES,
  digitsOnly,
  failedPasswordRules,
  isValidNif,
  loginErrorMessage,
  loginSchema,
  newPasswordSchema,
  passwordRules,
  passwordStrength,
  signUpErrorMessage,
  signUpMetadata,
  signUpSchema,
  type SignUpInput,
} from '@/lib/validation/auth';
import { text } from '../../helpers/next-intl';

const STRONG = 'Canalizacao#2024';

const valid: SignUpInput = {
  email: 'ana.silva@example.pt',
  password: STRONG,
  confirmPassword: STRONG,
  firstName: 'Ana',
  lastName: 'Silva',
  acceptPrivacyPolicy: true,
};

/** Messages of a failed parse (keys, as their pt-PT texts), by field path. */
function errors(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const key = issue.path.map(String).join('.');
    (out[key] ??= []).push(text(issue.message));
  }
  return out;
}

const signUpErrors = (input: Record<string, unknown>) =>
  errors(signUpSchema.safeParse({ ...valid, ...input }));

describe('password rules', () => {
  it('are the five rules of spec 5 with their pt-PT messages', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(12);
    expect(passwordRules.map((r) => r.id)).toEqual([
      'length',
      'uppercase',
      'lowercase',
      'digit',
      'special',
    ]);
    expect(passwordRules.map((r) => text(r.message))).toEqual([
      'A password deve ter pelo menos 12 caracteres',
      'A password deve conter pelo menos uma letra maiúscula',
      'A password deve conter pelo menos uma letra minúscula',
      'A password deve conter pelo menos um número',
      'A password deve conter pelo menos um carácter especial',
    ]);
  });

  it('counts exactly 12 characters as long enough, 11 as too short', () => {
    const length = passwordRules[0]!;
    expect(length.test('a'.repeat(11))).toBe(false);
    expect(length.test('a'.repeat(12))).toBe(true);
    // Code points, not UTF-16 units: 11 emoji are 11 characters.
    expect(length.test('😀'.repeat(11))).toBe(false);
  });

  it('treats accented letters as letters, not special characters', () => {
    expect(failedPasswordRules('ÁÉÇÃÕçãõéíóú1').map((r) => r.id)).toEqual(['special']);
    expect(failedPasswordRules('Ábcdefghijk1').map((r) => r.id)).toEqual(['special']);
    expect(failedPasswordRules('çÇaaaaaaaaa1').map((r) => r.id)).toEqual(['special']);
    // Decomposed accents (e + combining acute) are not special either.
    expect(failedPasswordRules('Acafe\u0301aaaaaa1').map((r) => r.id)).toEqual(['special']);
    // Only Á as uppercase and ç as lowercase.
    expect(failedPasswordRules('Á1!').map((r) => r.id)).toEqual(['length', 'lowercase']);
    expect(failedPasswordRules('ç1!').map((r) => r.id)).toEqual(['length', 'uppercase']);
  });

  it('counts symbols and spaces as special characters', () => {
    for (const special of ['!', '#', '€', '_', '-', ' ', '.', '@', '§']) {
      expect(passwordRules[4]!.test(`Abc${special}`)).toBe(true);
    }
    expect(passwordRules[4]!.test('Abc123')).toBe(false);
  });
});

describe('password-strength meter', () => {
  it.each([
    ['', 0, 0, 'Muito Fraca', 'very-weak'],
    ['abc', 1, 20, 'Muito Fraca', 'very-weak'],
    ['abcD', 2, 40, 'Fraca', 'weak'],
    ['abcD1', 3, 60, 'Média', 'medium'],
    ['abcD1!', 4, 80, 'Boa', 'good'],
    ['abcdefghijkl', 2, 40, 'Fraca', 'weak'],
    ['abcdefghijkL', 3, 60, 'Média', 'medium'],
    ['abcdefghijL1', 4, 80, 'Boa', 'good'],
    ['abcdefghiL1!', 5, 100, 'Forte', 'strong'],
    ['Áçãoáéíóú1!x', 5, 100, 'Forte', 'strong'],
  ])('%j meets %i rules: %i%% %s', (password, score, percent, label, level) => {
    expect(passwordStrength(password)).toEqual({ score, percent, level });
    const key = {
      'very-weak': 'veryWeak',
      weak: 'weak',
      medium: 'medium',
      good: 'good',
      strong: 'strong',
    }[level];
    expect(text(`Auth.strength.levels.${key}`)).toBe(label);
  });
});

describe('digitsOnly', () => {
  it('keeps digits and cuts to 9 by default', () => {
    expect(digitsOnly('912 345 678')).toBe('912345678');
    expect(digitsOnly('+351 912-345-678')).toBe('351912345');
    expect(digitsOnly('abc')).toBe('');
    expect(digitsOnly('12345678901234')).toBe('123456789');
    expect(digitsOnly('12a34', 3)).toBe('123');
    expect(digitsOnly('')).toBe('');
  });
});

describe('isValidNif', () => {
  it.each([
    '123456789',
    '501442600',
    '500000000',
    '999999990',
    '245678905',
    '453456782',
    '701234563',
  ])('accepts %s', (nif) => expect(isValidNif(nif)).toBe(true));

  it.each([
    ['123456780', 'wrong check digit'],
    ['501442601', 'wrong check digit'],
    ['012345679', 'first digit 0 (check digit right)'],
    ['412345676', 'first digit 4 other than 45 (check digit right)'],
    ['453456780', '45 prefix, wrong check digit'],
    ['12345678', '8 digits'],
    ['1234567890', '10 digits'],
    ['12345678a', 'not digits'],
    ['', 'empty'],
  ])('rejects %s (%s)', (nif) => expect(isValidNif(nif)).toBe(false));

  it('maps check values 10 and 11 to 0', () => {
    // 50144260: sum 122, 122 mod 11 = 1 → 11 - 1 = 10 → 0.
    expect(isValidNif('501442600')).toBe(true);
    // 50000000: sum 45, 45 mod 11 = 1 → 0.
    expect(isValidNif('500000000')).toBe(true);
  });
});

describe('sign-up schema', () => {
  it('accepts a minimal valid form and fills the defaults', () => {
    const result = signUpSchema.safeParse(valid);
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({
      email: 'ana.silva@example.pt',
      firstName: 'Ana',
      lastName: 'Silva',
      newsletter: true,
      newsletterTypology: 'Particular',
      acceptPrivacyPolicy: true,
    });
    expect(result.data?.companyName).toBeUndefined();
    expect(result.data?.phoneNumber).toBeUndefined();
    expect(result.data?.taxNumber).toBeUndefined();
    expect(result.data?.newsletterHoneypot).toBeUndefined();
  });

  it('accepts the form defaults once filled in (empty optional fields count as absent)', () => {
    const result = signUpSchema.safeParse({ ...SIGN_UP_DEFAULTS, ...valid });
    expect(result.success).toBe(true);
    expect(result.data?.companyName).toBeUndefined();
    expect(result.data?.phoneNumber).toBeUndefined();
    expect(result.data?.taxNumber).toBeUndefined();
    expect(result.data?.newsletterHoneypot).toBeUndefined();
    expect(result.data?.newsletterTypology).toBe('Particular');
  });

  it('treats blank, null and missing optional fields as absent', () => {
    const result = signUpSchema.safeParse({
      ...valid,
      companyName: '   ',
      phoneNumber: ' ',
      taxNumber: null,
      newsletterTypology: '',
      newsletterHoneypot: '',
    });
    expect(result.success).toBe(true);
    expect(result.data).toMatchObject({ newsletterTypology: 'Particular' });
    expect(result.data?.companyName).toBeUndefined();
    expect(result.data?.phoneNumber).toBeUndefined();
    expect(result.data?.taxNumber).toBeUndefined();
  });

  it('trims names and e-mail and lower-cases the e-mail', () => {
    const result = signUpSchema.parse({
      ...valid,
      email: '  Ana.Silva@Example.PT ',
      firstName: '  Ana ',
      lastName: ' Silva  ',
      companyName: '  Silva & Filhos, Lda ',
    });
    expect(result.email).toBe('ana.silva@example.pt');
    expect(result.firstName).toBe('Ana');
    expect(result.lastName).toBe('Silva');
    expect(result.companyName).toBe('Silva & Filhos, Lda');
  });

  it.each(['', 'ana', 'ana@', '@example.pt', 'ana silva@example.pt', 'ana@example'])(
    'rejects the e-mail %j with "Endereço de email inválido"',
    (email) => expect(signUpErrors({ email })).toEqual({ email: ['Endereço de email inválido'] }),
  );

  it('rejects e-mails longer than 254 characters', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.pt`;
    expect(email.length).toBe(255);
    expect(signUpErrors({ email })).toEqual({
      email: ['O email não pode ter mais de 254 caracteres'],
    });
  });

  it('gives one message per failed password rule', () => {
    expect(signUpErrors({ password: 'curta', confirmPassword: 'curta' })).toEqual({
      password: [
        'A password deve ter pelo menos 12 caracteres',
        'A password deve conter pelo menos uma letra maiúscula',
        'A password deve conter pelo menos um número',
        'A password deve conter pelo menos um carácter especial',
      ],
    });
    const cases: [string, string][] = [
      ['Abcdefgh1!x', 'A password deve ter pelo menos 12 caracteres'],
      ['abcdefghij1!', 'A password deve conter pelo menos uma letra maiúscula'],
      ['ABCDEFGHIJ1!', 'A password deve conter pelo menos uma letra minúscula'],
      ['Abcdefghijk!', 'A password deve conter pelo menos um número'],
      ['Abcdefghijk1', 'A password deve conter pelo menos um carácter especial'],
    ];
    for (const [password, message] of cases) {
      expect(signUpErrors({ password, confirmPassword: password })).toEqual({
        password: [message],
      });
    }
  });

  it('accepts accented letters as the uppercase and lowercase letters', () => {
    const password = 'ÁÇÃOÉÍçãoéí1!';
    expect(signUpSchema.safeParse({ ...valid, password, confirmPassword: password }).success).toBe(
      true,
    );
  });

  it('rejects passwords longer than the cap', () => {
    const password = `Aa1!${'x'.repeat(PASSWORD_MAX_LENGTH - 3)}`;
    expect(signUpErrors({ password, confirmPassword: password })).toEqual({
      password: [`A password não pode ter mais de ${PASSWORD_MAX_LENGTH} caracteres`],
    });
  });

  it('requires the confirmation to match, on confirmPassword', () => {
    expect(signUpErrors({ confirmPassword: `${STRONG}x` })).toEqual({
      confirmPassword: ['As passwords não coincidem'],
    });
    expect(signUpErrors({ confirmPassword: '' })).toEqual({
      confirmPassword: ['As passwords não coincidem'],
    });
  });

  it('reports the mismatch even while other fields fail', () => {
    expect(signUpErrors({ firstName: '', confirmPassword: 'outra' })).toEqual({
      firstName: ['O primeiro nome é obrigatório'],
      confirmPassword: ['As passwords não coincidem'],
    });
  });

  it.each(['', '   '])('requires the first and last names (%j)', (blank) => {
    expect(signUpErrors({ firstName: blank, lastName: blank })).toEqual({
      firstName: ['O primeiro nome é obrigatório'],
      lastName: ['O apelido é obrigatório'],
    });
  });

  it('caps names at 80 and the company at 120 characters', () => {
    expect(
      signUpErrors({
        firstName: 'a'.repeat(80),
        lastName: 'b'.repeat(80),
        companyName: 'c'.repeat(120),
      }),
    ).toEqual({});
    expect(
      signUpErrors({
        firstName: 'a'.repeat(81),
        lastName: 'b'.repeat(81),
        companyName: 'c'.repeat(121),
      }),
    ).toEqual({
      firstName: ['O primeiro nome não pode ter mais de 80 caracteres'],
      lastName: ['O apelido não pode ter mais de 80 caracteres'],
      companyName: ['O nome da empresa não pode ter mais de 120 caracteres'],
    });
  });

  it('accepts a phone number with spaces and stores it without them', () => {
    expect(signUpSchema.parse({ ...valid, phoneNumber: '912 345 678' }).phoneNumber).toBe(
      '912345678',
    );
    expect(signUpSchema.parse({ ...valid, phoneNumber: ' 22 123 45 67 ' }).phoneNumber).toBe(
      '221234567',
    );
  });

  it.each(['91234567', '9123456789', '912 345 67', '+351912345678', '91234567a', '912-345-678'])(
    'rejects the phone number %j',
    (phoneNumber) =>
      expect(signUpErrors({ phoneNumber })).toEqual({
        phoneNumber: ['O número de telemóvel deve ter exatamente 9 dígitos'],
      }),
  );

  it('accepts a valid NIF, with or without spaces', () => {
    expect(signUpSchema.parse({ ...valid, taxNumber: '123456789' }).taxNumber).toBe('123456789');
    expect(signUpSchema.parse({ ...valid, taxNumber: '501 442 600' }).taxNumber).toBe('501442600');
  });

  it.each(['12345678', '1234567890', '12345678a', 'abcdefghi'])(
    'rejects the NIF %j as not 9 digits',
    (taxNumber) =>
      expect(signUpErrors({ taxNumber })).toEqual({
        taxNumber: ['O NIF deve ter exatamente 9 dígitos'],
      }),
  );

  it.each(['123456780', '012345679', '412345676'])(
    'rejects the 9-digit NIF %j as invalid',
    (taxNumber) =>
      expect(signUpErrors({ taxNumber })).toEqual({ taxNumber: ['O NIF não é válido'] }),
  );

  it('requires the privacy policy to be accepted', () => {
    const message = ['Deve aceitar a política de privacidade para continuar'];
    expect(signUpErrors({ acceptPrivacyPolicy: false })).toEqual({ acceptPrivacyPolicy: message });
    expect(signUpErrors({ acceptPrivacyPolicy: undefined })).toEqual({
      acceptPrivacyPolicy: message,
    });
  });

  it('keeps the newsletter choice and accepts every typology', () => {
    expect(TYPOLOGIES).toEqual([
      'Arquiteto',
      'Decorador',
      'Empreiteiro',
      'Instalador',
      'Promotor',
      'Revendedor',
      'Particular',
      'Outro',
    ]);
    expect(DEFAULT_TYPOLOGY).toBe('Particular');
    expect(signUpSchema.parse({ ...valid, newsletter: false }).newsletter).toBe(false);
    for (const newsletterTypology of TYPOLOGIES) {
      expect(signUpSchema.parse({ ...valid, newsletterTypology }).newsletterTypology).toBe(
        newsletterTypology,
      );
    }
    expect(signUpErrors({ newsletterTypology: 'Canalizador' })).toEqual({
      newsletterTypology: ['Selecione uma tipologia válida'],
    });
  });

  it('passes a filled honeypot through for the server to judge', () => {
    expect(signUpSchema.parse({ ...valid, newsletterHoneypot: 'bot' }).newsletterHoneypot).toBe(
      'bot',
    );
  });

  it('reports every missing required field of an empty form in pt-PT', () => {
    expect(errors(signUpSchema.safeParse({}))).toEqual({
      email: ['Endereço de email inválido'],
      password: ['A password deve ter pelo menos 12 caracteres'],
      confirmPassword: ['As passwords não coincidem'],
      firstName: ['O primeiro nome é obrigatório'],
      lastName: ['O apelido é obrigatório'],
      acceptPrivacyPolicy: ['Deve aceitar a política de privacidade para continuar'],
    });
  });
});

describe('signUpMetadata', () => {
  it('builds the registration metadata of spec 3', () => {
    const values = signUpSchema.parse({
      ...valid,
      firstName: ' Ana ',
      lastName: 'Silva Costa',
      companyName: 'Silva, Lda',
      phoneNumber: '912 345 678',
      taxNumber: '123456789',
      newsletter: false,
    });
    expect(signUpMetadata(values)).toEqual({
      full_name: 'Ana Silva Costa',
      phone_number: '912345678',
      fiscal_number: '123456789',
      company_name: 'Silva, Lda',
      user_type: 'particular',
      phc_client_id: '03',
      newsletter_preference: false,
    });
  });

  it('uses null for absent optional fields and the newsletter default', () => {
    expect(signUpMetadata(signUpSchema.parse({ ...SIGN_UP_DEFAULTS, ...valid }))).toEqual({
      full_name: 'Ana Silva',
      phone_number: null,
      fiscal_number: null,
      company_name: null,
      user_type: 'particular',
      phc_client_id: '03',
      newsletter_preference: true,
    });
  });
});

describe('login schema', () => {
  it('accepts an e-mail and a password, trimming and lower-casing the e-mail only', () => {
    expect(loginSchema.parse({ email: ' Ana@Example.PT ', password: ' x ' })).toEqual({
      email: 'ana@example.pt',
      password: ' x ',
    });
  });

  it('requires both fields', () => {
    const expected = { email: ['O email é obrigatório'], password: ['A password é obrigatória'] };
    expect(errors(loginSchema.safeParse({ email: '', password: '' }))).toEqual(expected);
    expect(errors(loginSchema.safeParse({ email: '   ', password: '' }))).toEqual(expected);
    expect(errors(loginSchema.safeParse({}))).toEqual(expected);
  });

  it('rejects a malformed e-mail', () => {
    expect(errors(loginSchema.safeParse({ email: 'ana@', password: 'x' }))).toEqual({
      email: ['Endereço de email inválido'],
    });
  });

  it('does not apply the sign-up password rules', () => {
    expect(loginSchema.safeParse({ email: 'a@b.pt', password: 'curta' }).success).toBe(true);
  });
});

describe('new password schema', () => {
  it('applies the sign-up password rules and the confirmation', () => {
    expect(newPasswordSchema.safeParse({ password: STRONG, confirmPassword: STRONG }).success).toBe(
      true,
    );
    expect(
      errors(newPasswordSchema.safeParse({ password: 'abc', confirmPassword: 'abd' })),
    ).toEqual({
      password: [
        'A password deve ter pelo menos 12 caracteres',
        'A password deve conter pelo menos uma letra maiúscula',
        'A password deve conter pelo menos um número',
        'A password deve conter pelo menos um carácter especial',
      ],
      confirmPassword: ['As passwords não coincidem'],
    });
    expect(errors(newPasswordSchema.safeParse({ password: STRONG, confirmPassword: 'x' }))).toEqual(
      {
        confirmPassword: ['As passwords não coincidem'],
      },
    );
  });
});

describe('login and sign-up messages (spec 8)', () => {
  it('has the texts of the spec', () => {
    expect(text(LOGIN_MESSAGES.invalid)).toBe(
      'Email ou password inválidos. Por favor, tente novamente.',
    );
    expect(text(LOGIN_MESSAGES.generic)).toBe('Erro ao fazer login');
    expect(text(LOGIN_MESSAGES.unconfirmed)).toMatch(/confirme o seu email/i);
    expect(
      Object.fromEntries(Object.entries(SIGNUP_MESSAGES).map(([k, v]) => [k, text(v)])),
    ).toEqual({
      alreadyRegistered: 'Este email já está registado. Por favor, faça login.',
      failed: 'Erro ao criar conta. Por favor, tente novamente.',
      unexpected: 'Erro inesperado. Por favor, tente novamente.',
      success: 'Conta criada com sucesso! Por favor, verifique o seu email para confirmar a conta.',
    });
  });

  it('maps login errors', () => {
    expect(loginErrorMessage(null)).toBe(LOGIN_MESSAGES.generic);
    expect(loginErrorMessage({})).toBe(LOGIN_MESSAGES.generic);
    expect(loginErrorMessage('')).toBe(LOGIN_MESSAGES.generic);
    expect(loginErrorMessage('Email not confirmed')).toBe(LOGIN_MESSAGES.unconfirmed);
    expect(loginErrorMessage({ code: 'EMAIL_NOT_VERIFIED', message: 'Email not verified' })).toBe(
      LOGIN_MESSAGES.unconfirmed,
    );
    expect(loginErrorMessage({ message: 'Invalid login credentials' })).toBe(
      LOGIN_MESSAGES.invalid,
    );
    expect(loginErrorMessage({ code: 'INVALID_EMAIL_OR_PASSWORD' })).toBe(LOGIN_MESSAGES.invalid);
  });

  it('maps sign-up errors', () => {
    expect(signUpErrorMessage('User already registered')).toBe(SIGNUP_MESSAGES.alreadyRegistered);
    expect(
      signUpErrorMessage({ code: 'USER_ALREADY_EXISTS', message: 'User already exists' }),
    ).toBe(SIGNUP_MESSAGES.alreadyRegistered);
    expect(signUpErrorMessage({ message: 'Password should be stronger' })).toBe(
      SIGNUP_MESSAGES.failed,
    );
    expect(signUpErrorMessage(null)).toBe(SIGNUP_MESSAGES.failed);
  });
});
