/** @jest-environment node */
import { campaignErrorKey, CampaignServiceError, createCampaignService, LIST_RETRY_DELAYS_MS } from '@/lib/campaigns/client';
import messages from '@/messages/pt-PT.json';

/**
 * Spec 7 "Campaigns", 4 "Campaign cache" and 8 "Campaign service": the browser's campaign service
 * against a fetch mocked at the network edge — its retries, its shared and kept list, and its
 * error messages word for word.
 */

type Reply = { status: number; body?: unknown; text?: string; statusText?: string };

function json(status: number, body: unknown, statusText = ''): Response {
  return new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });
}

function network(replies: (Reply | Error)[]) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetch = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const next = replies.shift();
    if (!next) throw new Error('no more replies');
    if (next instanceof Error) throw next;
    if (next.text !== undefined) return new Response(next.text, { status: next.status, statusText: next.statusText ?? '' });
    return json(next.status, next.body ?? { success: true, data: [] }, next.statusText);
  }) as unknown as typeof globalThis.fetch;
  const sleeps: number[] = [];
  const service = (extra: { getToken?: () => string | null } = {}) =>
    createCampaignService({ fetch, sleep: async (ms) => void sleeps.push(ms), random: () => 0.5, ...extra });
  return { fetch, calls, sleeps, service };
}

const LIST = { success: true, data: [{ id: 1, slug: 'inverno', title: 'Inverno', description: null, category: null, imageUrl: '/media/campaigns/inverno.svg' }] };
const ONE = { success: true, data: { id: 7, slug: 'nova', title: 'Nova', version: 1 } };

async function failure(promise: Promise<unknown>): Promise<CampaignServiceError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(CampaignServiceError);
    return err as CampaignServiceError;
  }
  throw new Error('expected a failure');
}

describe('the list (GET /api/campaigns)', () => {
  it('retries 429 and 503 three times with waits of 250, 500 and 1000 ms plus jitter, then reads the list', async () => {
    const net = network([{ status: 429 }, { status: 503 }, { status: 429 }, { status: 200, body: LIST }]);
    const items = await net.service().list();
    expect(items.map((c) => c.slug)).toEqual(['inverno']);
    expect(net.calls).toHaveLength(4);
    expect(net.sleeps).toEqual(LIST_RETRY_DELAYS_MS.map((ms) => ms + 50));
    expect(net.calls[0]!.url).toBe('/api/campaigns');
    expect(net.calls[0]!.init?.credentials).toBe('include');
  });

  it('keeps the jitter under 100 ms', async () => {
    const net = network([{ status: 503 }, { status: 200, body: LIST }]);
    const service = createCampaignService({ fetch: net.fetch, sleep: async (ms) => void net.sleeps.push(ms), random: () => 0.9999 });
    await service.list();
    expect(net.sleeps[0]).toBeGreaterThanOrEqual(250);
    expect(net.sleeps[0]).toBeLessThan(350);
  });

  it('gives an empty list, silently, after the retries, on another failure, on a non-JSON answer or a wrong shape', async () => {
    const exhausted = network([{ status: 503 }, { status: 503 }, { status: 503 }, { status: 503 }]);
    expect(await exhausted.service().list()).toEqual([]);
    expect(exhausted.calls).toHaveLength(4);
    for (const reply of [{ status: 500, body: { success: false } }, { status: 200, text: '<html>oops</html>' }, { status: 200, body: { success: true, data: {} } }, { status: 200, body: [1] }] as Reply[]) {
      expect(await network([reply]).service().list()).toEqual([]);
    }
    expect(await network([new TypeError('offline')]).service().list()).toEqual([]);
  });

  it('shares one request between concurrent fetches and keeps the list', async () => {
    const net = network([{ status: 200, body: LIST }]);
    const service = net.service();
    const [a, b, c] = await Promise.all([service.list(), service.list(), service.list()]);
    expect(net.calls).toHaveLength(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(await service.list()).toBe(a);
    expect(net.calls).toHaveLength(1);
  });

  it('sends the bearer token when there is one', async () => {
    const net = network([{ status: 200, body: LIST }]);
    await net.service({ getToken: () => 'tok-123' }).list();
    expect((net.calls[0]!.init?.headers as Record<string, string>).authorization).toBe('Bearer tok-123');
  });
});

describe('get (GET /api/campaigns/{id})', () => {
  it('returns the data, or nothing on 404 or any failure', async () => {
    const net = network([{ status: 200, body: ONE }, { status: 404, body: { success: false } }, { status: 500, text: 'x' }, new TypeError('offline')]);
    const service = net.service();
    expect(await service.get(7)).toMatchObject({ slug: 'nova' });
    expect(await service.get(8)).toBeNull();
    expect(await service.get(9)).toBeNull();
    expect(await service.get(10)).toBeNull();
  });
});

describe('add (POST /api/campaigns)', () => {
  it('fails with "Authentication required" without a token, before any request', async () => {
    const net = network([]);
    const err = await failure(net.service({ getToken: () => null }).create({ title: 'X' }));
    expect(err.message).toBe('Authentication required');
    expect(err.kind).toBe('unauthenticated');
    expect(net.calls).toHaveLength(0);
  });

  it('maps 401 and 403 to "You do not have permission to add campaigns"', async () => {
    for (const status of [401, 403]) {
      const err = await failure(network([{ status, body: { success: false } }]).service().create({ title: 'X' }));
      expect(err.message).toBe('You do not have permission to add campaigns');
      expect(err.kind).toBe(status === 401 ? 'unauthenticated' : 'forbidden');
    }
  });

  it('gives "Failed to add campaign" for other failures, with the field details of a refused body', async () => {
    const refused = await failure(
      network([{ status: 400, body: { success: false, message: 'Indique o título da campanha.', error: { code: 'bad_request', message: 'x', details: { title: ['Indique o título da campanha.'] } } } }])
        .service()
        .create({ title: '' }),
    );
    expect(refused.message).toBe('Failed to add campaign');
    expect(refused.kind).toBe('invalid');
    expect(refused.details).toEqual({ title: ['Indique o título da campanha.'] });
    expect((await failure(network([{ status: 500, text: 'boom' }]).service().create({ title: 'X' }))).message).toBe('Failed to add campaign');
    expect((await failure(network([new TypeError('offline')]).service().create({ title: 'X' }))).message).toBe('Failed to add campaign');
  });

  it('gives "Invalid response format from server" for a bad shape', async () => {
    for (const reply of [{ status: 201, body: { success: true } }, { status: 201, text: 'not json' }, { status: 200, body: { success: false, data: {} } }] as Reply[]) {
      const err = await failure(network([reply]).service().create({ title: 'X' }));
      expect(err.message).toBe('Invalid response format from server');
      expect(err.kind).toBe('invalid_response');
    }
  });

  it('returns data, sends JSON with the credentials, and refreshes the kept list', async () => {
    const net = network([{ status: 200, body: LIST }, { status: 201, body: ONE }, { status: 200, body: { success: true, data: [...LIST.data, ONE.data] } }]);
    const service = net.service({ getToken: () => 'tok' });
    expect(await service.list()).toHaveLength(1);
    expect(await service.create({ title: 'Nova' })).toMatchObject({ id: 7 });
    const post = net.calls[1]!;
    expect(post.init?.method).toBe('POST');
    expect(JSON.parse(String(post.init?.body))).toEqual({ title: 'Nova' });
    expect((post.init?.headers as Record<string, string>)['content-type']).toBe('application/json');
    expect(await service.list()).toHaveLength(2);
    expect(net.calls).toHaveLength(3);
  });
});

describe('update (PUT /api/campaigns/{id})', () => {
  it('maps 401 and 403 to "You do not have permission to update campaigns" and returns nothing on 404', async () => {
    for (const status of [401, 403]) {
      expect((await failure(network([{ status, body: {} }]).service().update(1, { title: 'X' }))).message).toBe('You do not have permission to update campaigns');
    }
    expect(await network([{ status: 404, body: { success: false } }]).service().update(1, { title: 'X' })).toBeNull();
  });

  it("uses the server's message, or its error, or 'Failed to update campaign', with the details after a colon", async () => {
    const withDetails = await failure(
      network([{ status: 400, body: { success: false, message: 'Data inválida.', error: { code: 'bad_request', message: 'Data inválida.', details: { starts_at: ['Data inválida.'], ends_at: ['A data de fim não pode ser anterior à data de início.'] } } } }])
        .service()
        .update(1, { starts_at: 'x' }),
    );
    expect(withDetails.message).toBe('Data inválida.: Data inválida., A data de fim não pode ser anterior à data de início.');
    expect(withDetails.kind).toBe('invalid');
    expect((await failure(network([{ status: 500, body: { error: 'Database down' } }]).service().update(1, {}))).message).toBe('Database down');
    expect((await failure(network([{ status: 500, body: { error: { message: 'Erro interno.' } } }]).service().update(1, {}))).message).toBe('Erro interno.');
    expect((await failure(network([{ status: 500, body: {} }]).service().update(1, {}))).message).toBe('Failed to update campaign');
  });

  it('says what the server answered when its body is unreadable', async () => {
    const err = await failure(network([{ status: 502, statusText: 'Bad Gateway', text: '<html>' }]).service().update(1, {}));
    expect(err.message).toBe('Failed to update campaign. Server responded with 502 Bad Gateway.');
  });

  it('carries the stale refusal (409) with the current record', async () => {
    const err = await failure(
      network([{ status: 409, body: { success: false, message: 'Este registo foi alterado por outra pessoa.', error: { code: 'conflict', message: '…' }, data: { stale: true, version: 3, current: { title: 'Outra' } } } }])
        .service()
        .update(1, { title: 'Minha', version: 2 }),
    );
    expect(err.kind).toBe('stale');
    expect(err.message).toBe('Este registo foi alterado por outra pessoa.');
    expect(err.data).toEqual({ stale: true, version: 3, current: { title: 'Outra' } });
  });

  it('gives "Invalid response format from server" for a bad shape, and refreshes the list after a success', async () => {
    expect((await failure(network([{ status: 200, body: { success: true, data: null } }]).service().update(1, {}))).message).toBe('Invalid response format from server');
    const net = network([{ status: 200, body: ONE }, { status: 200, body: LIST }]);
    expect(await net.service().update(7, { title: 'Nova' })).toMatchObject({ id: 7 });
    expect(net.calls.map((c) => c.init?.method ?? 'GET')).toEqual(['PUT', 'GET']);
  });
});

describe('delete (DELETE /api/campaigns/{id})', () => {
  it('returns true, false on 404, and the spec messages otherwise', async () => {
    const net = network([{ status: 200, body: { success: true, data: { id: 1 } } }, { status: 200, body: LIST }]);
    expect(await net.service().delete(1)).toBe(true);
    expect(net.calls.map((c) => c.init?.method ?? 'GET')).toEqual(['DELETE', 'GET']);
    expect(await network([{ status: 404, body: {} }]).service().delete(1)).toBe(false);
    for (const status of [401, 403]) {
      expect((await failure(network([{ status, body: {} }]).service().delete(1))).message).toBe('You do not have permission to delete campaigns');
    }
    expect((await failure(network([{ status: 500, body: {} }]).service().delete(1))).message).toBe('Failed to delete campaign');
    expect((await failure(network([new TypeError('offline')]).service().delete(1))).message).toBe('Failed to delete campaign');
  });
});

describe('the Portuguese texts of the admin screens', () => {
  it('has a pt-PT message for every error kind', () => {
    const texts = messages.Admin.Campaigns.errors as Record<string, string>;
    for (const kind of ['unauthenticated', 'forbidden', 'not_found', 'invalid', 'stale', 'invalid_response', 'failed'] as const) {
      for (const op of ['save', 'delete'] as const) {
        const key = campaignErrorKey(kind, op).replace('Admin.Campaigns.errors.', '');
        expect(texts[key]).toEqual(expect.any(String));
      }
    }
  });
});
