/** @jest-environment node */
import { checkoutBody, normaliseMbwayPhone } from '@/lib/validation/orders';
import { sameSecret } from '@/server/payments/ifthenpay/callback';
import {
  parseMbwayInit,
  parseMbwayStatus,
  parseMultibancoInit,
  parseProviderAmount,
  parseProviderDate,
  providerAmount,
  ProviderError,
} from '@/server/payments/ifthenpay/client';
import { maskPhone, paymentDataOf } from '@/server/payments/ifthenpay/request';

/** The parsing rules of the ifthenpay adapter (server/payments/ifthenpay) and the MB WAY phone of the checkout. */

function thrown(fn: () => unknown): ProviderError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ProviderError);
    return err as ProviderError;
  }
  throw new Error('nada foi lançado');
}

describe('amounts and dates', () => {
  it('reads euros with a dot or a comma into cents, and refuses anything else', () => {
    expect(parseProviderAmount('12.34')).toBe(1234);
    expect(parseProviderAmount('12,3')).toBe(1230);
    expect(parseProviderAmount('7')).toBe(700);
    expect(parseProviderAmount(' 0.05 ')).toBe(5);
    expect(parseProviderAmount(19.9)).toBe(1990);
    for (const bad of ['', '-1.00', '1.234', '1e3', '12.34€', 'NaN', null, undefined, {}]) expect(parseProviderAmount(bad)).toBeNull();
    expect(providerAmount(1234)).toBe('12.34');
    expect(providerAmount(700)).toBe('7.00');
  });

  it('reads ifthenpay dates (dd-MM-yyyy)', () => {
    expect(parseProviderDate('28-11-2026')).toBe('2026-11-28');
    expect(parseProviderDate('')).toBeNull();
    expect(parseProviderDate(undefined)).toBeNull();
    expect(parseProviderDate('31-02-2026')).toBeUndefined();
    expect(parseProviderDate('2026-11-28')).toBeUndefined();
  });
});

describe('Multibanco reference answer', () => {
  const ok = { Amount: '25.65', Entity: '12345', ExpiryDate: '28-11-2026', Message: 'Success', OrderId: 'EN-2026-000001', Reference: '123 456 789', RequestId: 'abc123', Status: '0' };

  it('takes entity, reference, amount and expiry', () => {
    expect(parseMultibancoInit(ok, { amountCents: 2565 })).toEqual({ requestId: 'abc123', entity: '12345', reference: '123456789', amountCents: 2565, expiresOn: '2026-11-28' });
    expect(parseMultibancoInit({ ...ok, ExpiryDate: '' }, { amountCents: 2565 }).expiresOn).toBeNull();
  });

  it('is a final refusal when the status is not 0, with the provider’s words', () => {
    const err = thrown(() => parseMultibancoInit({ Status: '-1', Message: 'Invalid mbKey' }, { amountCents: 2565 }));
    expect(err.retryable).toBe(false);
    expect(err.message).toBe('O serviço de pagamentos recusou o pedido: Invalid mbKey');
  });

  it('is an unexpected answer (asked again later) when a field is missing or the amount differs', () => {
    for (const bad of [{ ...ok, Entity: '' }, { ...ok, Reference: '12345' }, { ...ok, RequestId: undefined }, { ...ok, ExpiryDate: '2026-11-28' }, null, 'texto']) {
      expect(thrown(() => parseMultibancoInit(bad, { amountCents: 2565 })).retryable).toBe(true);
    }
    expect(thrown(() => parseMultibancoInit(ok, { amountCents: 2566 })).message).toBe('O serviço de pagamentos deu uma resposta inesperada.');
  });
});

describe('MB WAY answers', () => {
  it('takes the request id of a request sent (000), and refuses other statuses for good', () => {
    expect(parseMbwayInit({ Status: '000', RequestId: 'r1', Message: 'Pending' })).toEqual({ requestId: 'r1' });
    const err = thrown(() => parseMbwayInit({ Status: '122', Message: 'Declined' }));
    expect(err.retryable).toBe(false);
    expect(err.code).toBe('unprocessable');
    expect(thrown(() => parseMbwayInit({ Status: '000' })).retryable).toBe(true);
  });

  it('reads paid only from 000, and refuses an answer about another request', () => {
    expect(parseMbwayStatus({ Status: '000', RequestId: 'r1', Message: 'Success' }, 'r1')).toMatchObject({ paid: true });
    for (const status of ['020', '101', '122', '123']) expect(parseMbwayStatus({ Status: status, RequestId: 'r1' }, 'r1').paid).toBe(false);
    expect(thrown(() => parseMbwayStatus({ Status: '000', RequestId: 'r2' }, 'r1')).retryable).toBe(true);
  });
});

describe('the MB WAY phone', () => {
  it('accepts Portuguese mobiles with or without +351, and nothing else', () => {
    for (const [given, digits] of [
      ['912345678', '912345678'],
      ['+351 912 345 678', '912345678'],
      ['351926000111', '926000111'],
      ['00351 93 000 11 22', '930001122'],
      ['96-123-45-67', '961234567'],
    ]) expect(normaliseMbwayPhone(given!)).toBe(digits);
    for (const bad of ['812345678', '221234567', '91234567', '9123456789', '+34 612 345 678', '+351 812 345 678', 'nove']) expect(normaliseMbwayPhone(bad)).toBeNull();
  });

  it('is required by the checkout for MB WAY only, and dropped for other methods', () => {
    const base = { delivery: { pickup: 'showroom' } };
    expect(checkoutBody.safeParse({ ...base, payment_method: 'mbway' }).error?.issues[0]).toMatchObject({ path: ['mbway_phone'], message: 'mbwayPhoneRequired' });
    expect(checkoutBody.safeParse({ ...base, payment_method: 'mbway', mbway_phone: '812345678' }).error?.issues[0]).toMatchObject({ path: ['mbway_phone'], message: 'mbwayPhoneInvalid' });
    expect(checkoutBody.parse({ ...base, payment_method: 'mbway', mbway_phone: '+351 912 345 678' }).mbway_phone).toBe('912345678');
    const bank = checkoutBody.parse({ ...base, payment_method: 'bank_transfer', mbway_phone: '912345678' });
    expect(bank.mbway_phone).toBeUndefined();
    expect('mbway_phone' in bank && bank.mbway_phone !== undefined).toBe(false);
  });

  it('is shown masked', () => {
    expect(maskPhone('912345678')).toBe('9•• ••• 678');
    expect(maskPhone(null)).toBeNull();
  });
});

describe('payment data and the callback key', () => {
  it('tells the customer the state of the provider row', () => {
    const row = { method: 'multibanco' as const, state: 'requested' as const, amountCents: 2565, phone: null, requestId: 'r1', entity: '12345', reference: '123456789', expiresOn: '2026-11-28', paidAt: null };
    expect(paymentDataOf(row)).toEqual({ method: 'multibanco', provider: 'ifthenpay', status: 'awaiting_payment', amount: 25.65, request_id: 'r1', paid_at: null, entity: '12345', reference: '123456789', expires_on: '2026-11-28' });
    expect(paymentDataOf({ ...row, state: 'pending' }).status).toBe('requesting');
    expect(paymentDataOf({ ...row, state: 'failed' }).status).toBe('failed');
    expect(paymentDataOf({ ...row, paidAt: new Date('2026-11-26T10:00:00Z') })).toMatchObject({ status: 'paid', paid_at: '2026-11-26T10:00:00.000Z' });
    expect(paymentDataOf({ ...row, method: 'mbway', phone: '912345678' })).toMatchObject({ phone: '9•• ••• 678' });
  });

  it('compares the anti-phishing key exactly, whatever the lengths', () => {
    expect(sameSecret('chave-secreta-123', 'chave-secreta-123')).toBe(true);
    for (const other of ['chave-secreta-124', 'chave-secreta-12', 'chave-secreta-1234', '', 'CHAVE-SECRETA-123']) expect(sameSecret(other, 'chave-secreta-123')).toBe(false);
  });
});
