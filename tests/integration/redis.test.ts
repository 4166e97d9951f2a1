/** @jest-environment node */
import path from 'node:path';
import os from 'node:os';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { resetEnvCache } from '@/lib/env';
import { POST as authPost } from '@/app/api/auth/[...all]/route';
import { createAccount } from '@/server/auth/accounts';
import { enforceRateLimit, forgetSignInAttempt, RATE_LIMITS } from '@/server/auth/rate-limit';
import { viewerFromHeaders } from '@/server/auth/session';
import { invalidateCache } from '@/server/cache/invalidate';
import { publishInvalidation, subscribeToInvalidations } from '@/server/cache/shared';
import { getDb } from '@/server/db/client';
import { authRateLimits, users } from '@/server/db/schema';
import { captureLogs } from '@/server/log';
import { setUserDisabled } from '@/server/people/users';
import { closeRedis, createRedisConnection, getRedis, type RedisConnection } from '@/server/redis/client';
import { redisCount } from '@/server/redis/rate-limit';
import { eq } from 'drizzle-orm';
import { behindTrustedFront, clientIpHeaders } from '../helpers/client-ip';
import { setupTestDatabase } from '../helpers/db';
import { describeWithRedis, startRedis, type TestRedis } from '../helpers/redis';

/**
 * Redis, optional (issue 24): against a real redis-server started for this file. Two "instances"
 * are two connections to the same Redis (the process's own, and a second one with another
 * instance id), on a real database (PGlite, or PostgreSQL with DATABASE_URL).
 */

setupTestDatabase();
behindTrustedFront();

const env = process.env as Record<string, string | undefined>;
const SITE = 'http://localhost:3000';
let redis: TestRedis;
/** "Instance B": a second connection to the same Redis. */
let other: RedisConnection;

async function until(check: () => boolean | Promise<boolean>, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The Redis key of a session: better-auth's token, without the signature the bearer header carries. */
const sessionKey = (token: string) => `cag:auth:${token.split('.')[0]}`;

async function pgCounterRows(): Promise<string[]> {
  return (await (await getDb()).select({ key: authRateLimits.key }).from(authRateLimits)).map((r) => r.key);
}

describeWithRedis('Redis (REDIS_URL set)', () => {
  beforeAll(async () => {
    redis = await startRedis();
    env.REDIS_URL = redis.url;
    env.SITE_URL = SITE;
    resetEnvCache();
    // Quiet: the outage lines counted below are this process's own connection's.
    other = createRedisConnection(redis.url, { instanceId: 'instance-b', log: () => undefined });
    await until(() => getRedis()!.available && other.available);
  });

  afterAll(async () => {
    await other?.close();
    await closeRedis();
    delete env.REDIS_URL;
    delete env.SITE_URL;
    resetEnvCache();
    await redis?.stop();
  });

  describe('abuse-limit counters', () => {
    it('are counted in Redis, shared by the instances, with the same limits and the same 429', async () => {
      const max = RATE_LIMITS.contact.ip.max;
      const who = { ip: '198.51.100.7', email: 'cliente@example.pt' };
      // This instance takes all but one of the hits; instance B counts one more on the same key.
      for (let i = 0; i < max - 1; i++) await enforceRateLimit(await getDb(), 'contact', who);
      const onB = await redisCount(`contact:ip:${who.ip}`, RATE_LIMITS.contact.ip.windowMs, { redis: other });
      expect(onB?.hits).toBe(max);
      // The next one, here, is over the limit: Portuguese message, seconds to wait.
      const refused = await enforceRateLimit(await getDb(), 'contact', who).then(
        () => null,
        (err: unknown) => err as { code: string; message: string; details?: { retryAfter?: string[] } },
      );
      expect(refused?.code).toBe('rate_limited');
      expect(refused?.message).toMatch(/Demasiadas tentativas/);
      expect(Number(refused?.details?.retryAfter?.[0])).toBeGreaterThan(3000);
      // No counter row was written to PostgreSQL.
      expect(await pgCounterRows()).toEqual([]);
    });

    it('a login that works forgets its e-mail counters and takes back its hit on the IP, in Redis', async () => {
      const who = { ip: '198.51.100.8', email: 'Pessoa@Example.pt' };
      for (let i = 0; i < 3; i++) await enforceRateLimit(await getDb(), 'sign-in', who);
      const perEmailIp = 'cag:rl:sign-in:email-ip:pessoa@example.pt|198.51.100.8';
      expect(await other.client.get(perEmailIp)).toBe('3');
      expect(await other.client.get('cag:rl:sign-in:email:pessoa@example.pt')).toBe('3');
      expect(await other.client.get('cag:rl:sign-in:ip:198.51.100.8')).toBe('3');
      await forgetSignInAttempt(await getDb(), { ip: who.ip, email: who.email });
      expect(await other.client.get(perEmailIp)).toBeNull();
      expect(await other.client.get('cag:rl:sign-in:email:pessoa@example.pt')).toBeNull();
      expect(await other.client.get('cag:rl:sign-in:ip:198.51.100.8')).toBe('2');
      expect(await pgCounterRows()).toEqual([]);
    });
  });

  describe('cache invalidation', () => {
    it('published by one instance reaches another instance within a second', async () => {
      const received: { tags: string[]; at: number }[] = [];
      await subscribeToInvalidations((tags) => received.push({ tags, at: Date.now() }), other);
      const sentAt = Date.now();
      await invalidateCache(['product:P-REDIS', 'family:10-010'], { reason: 'test' });
      await until(() => received.length > 0, 1_000);
      expect(received[0]!.tags).toEqual(['product:P-REDIS', 'family:10-010']);
      expect(received[0]!.at - sentAt).toBeLessThan(1_000);

      // 50 edits in a row: each reaches the other instance well within a second (p95).
      const delays: number[] = [];
      for (let i = 0; i < 50; i++) {
        const before = received.length;
        const at = Date.now();
        await invalidateCache([`product:P-${i}`], { reason: 'test' });
        await until(() => received.length > before, 1_000);
        delays.push(received.at(-1)!.at - at);
      }
      delays.sort((a, b) => a - b);
      const p95 = delays[Math.ceil(delays.length * 0.95) - 1]!;
      if (process.env.REDIS_FIGURES) console.info(`[figures] invalidation reached instance B: p50 ${delays[24]} ms, p95 ${p95} ms, max ${delays.at(-1)} ms`);
      expect(p95).toBeLessThan(1_000);
    });

    it('lets an instance serve a page another rendered, until one of its tags is invalidated', async () => {
      // The page/data cache handler Next loads (plain CommonJS), with a build id beside it.
      const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-redis-build-'));
      fs.mkdirSync(path.join(dist, 'server'));
      fs.writeFileSync(path.join(dist, 'BUILD_ID'), 'build-test-1');
      const Handler = createRequire(__filename)(path.join(process.cwd(), 'server/cache/next-handler.cjs')) as new (o: object) => {
        get(key: string, ctx?: object): Promise<{ value: { kind: string; html: string; rscData: Buffer; segmentData: Map<string, Buffer> } } | null>;
        set(key: string, data: object, ctx?: object): Promise<void>;
      };
      const handler = new Handler({ serverDistDir: path.join(dist, 'server') });
      const store = (globalThis as Record<symbol, Map<string, unknown>>)[Symbol.for('cag.cache.store')]!;
      const key = '/route-cache/APP_PAGE/$/loja/produtos/p-redis';
      const page = { kind: 'APP_PAGE', html: '<h1>Torneira</h1>', rscData: Buffer.from([1, 2, 3]), segmentData: new Map([['/x', Buffer.from('seg')]]), headers: { 'x-next-cache-tags': 'product:P-SHARED' }, status: 200 };
      await handler.set(key, page, { cacheControl: { revalidate: 3600, expire: 86400 } });
      const redisKey = `cag:cache:build-test-1:${key}`;
      await until(async () => (await other.client.exists(redisKey)) === 1);

      // "Another instance": nothing in its memory, the page comes from Redis with its bytes intact.
      store.clear();
      const hit = await handler.get(key, { kind: 'APP_PAGE' });
      expect(hit?.value.html).toBe('<h1>Torneira</h1>');
      expect(Buffer.isBuffer(hit?.value.rscData) && [...hit!.value.rscData]).toEqual([1, 2, 3]);
      expect(hit?.value.segmentData.get('/x')?.toString()).toBe('seg');

      // Invalidated by instance B: an instance that did not hear it (empty memory) still refuses it.
      await new Promise((r) => setTimeout(r, 5));
      expect(await publishInvalidation(['product:P-SHARED'], other)).toBe(true);
      store.clear();
      expect(await handler.get(key, { kind: 'APP_PAGE' })).toBeNull();
    });
  });

  describe('sessions (secondary storage)', () => {
    const email = 'sessao.redis@example.pt';
    const password = 'Certa-Password-1';
    let token = '';

    beforeAll(async () => {
      await createAccount(await getDb(), { email, password, fullName: 'Sessão Redis', role: 'viewer', isAdmin: false, userType: 'particular' });
      const login = await authPost(
        new Request(`${SITE}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders('203.0.113.50') },
          body: JSON.stringify({ email, password }),
        }),
      );
      expect(login.status).toBe(200);
      token = login.headers.get('set-auth-token') ?? '';
      expect(token).toBeTruthy();
    });

    const viewer = () => viewerFromHeaders(new Headers({ authorization: `Bearer ${token}` }));

    it('are kept in Redis and read from there (PostgreSQL keeps them too)', async () => {
      const cached = await other.client.get(sessionKey(token));
      expect(JSON.parse(cached ?? '{}').user?.email).toBe(email);
      expect((await viewer())?.email).toBe(email);
    });

    it('end when staff disable the user, even though Redis held the session', async () => {
      const [user] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
      // Another user acting (the actor may not be the user itself).
      await createAccount(await getDb(), { email: 'chefe@example.pt', password, fullName: 'Chefe', role: 'admin', isAdmin: true, userType: 'particular' });
      const [chief] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, 'chefe@example.pt'));
      await setUserDisabled(user!.id, true, { id: chief!.id, email: 'chefe@example.pt', displayName: 'Chefe', isAdmin: true });
      expect(await other.client.get(sessionKey(token))).toBeNull();
      expect(await viewer()).toBeNull();
    });
  });

  describe('an outage', () => {
    it('costs no request: counted in PostgreSQL meanwhile, logged once, Redis used again after its return', async () => {
      const logs = captureLogs();
      const redisLines = (msg: RegExp) => logs.lines.filter((l) => l.scope === 'redis' && msg.test(String(l.msg)));
      try {
        const email = 'outage@example.pt';
        const password = 'Certa-Password-1';
        await createAccount(await getDb(), { email, password, fullName: 'Durante a Falha', role: 'viewer', isAdmin: false, userType: 'particular' });
        const login = await authPost(
          new Request(`${SITE}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: SITE, ...clientIpHeaders('203.0.113.60') },
            body: JSON.stringify({ email, password }),
          }),
        );
        const token = login.headers.get('set-auth-token') ?? '';
        expect(await other.client.get(sessionKey(token))).toBeTruthy();

        await redis.kill();
        // Every request still answers, quickly, on PostgreSQL: limits, sessions, invalidations.
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          await enforceRateLimit(await getDb(), 'search', { ip: '192.0.2.99' });
          expect((await viewerFromHeaders(new Headers({ authorization: `Bearer ${token}` })))?.email).toBe(email);
          await invalidateCache(['product:P-OUTAGE'], { reason: 'test' });
          expect(performance.now() - started).toBeLessThan(1_000);
        }
        expect(await pgCounterRows()).toContain('search:ip:192.0.2.99');
        const outageLines = redisLines(/indisponível/);
        expect(outageLines).toHaveLength(1);
        expect(outageLines[0]!.cause).toBeTruthy();

        // Back (empty: no persistence): the client reconnects by itself and Redis counts again.
        await redis.restart();
        await until(() => getRedis()!.available, 10_000);
        expect(redisLines(/disponível de novo/)).toHaveLength(1);
        await enforceRateLimit(await getDb(), 'search', { ip: '192.0.2.100' });
        expect(await pgCounterRows()).not.toContain('search:ip:192.0.2.100');
        // The session Redis lost is read from PostgreSQL: nobody was signed out.
        expect((await viewerFromHeaders(new Headers({ authorization: `Bearer ${token}` })))?.email).toBe(email);
      } finally {
        logs.restore();
      }
    });

    it('a Redis that hangs costs a request at most the command time limit, then is skipped', async () => {
      const logs = captureLogs();
      try {
        redis.freeze();
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const started = performance.now();
          expect(await redisCount('search:ip:192.0.2.101', 60_000)).toBeNull();
          times.push(performance.now() - started);
          // The request itself goes on, on PostgreSQL.
          await enforceRateLimit(await getDb(), 'search', { ip: '192.0.2.101' });
        }
        // The first waits for the time limit (150 ms by default); the breaker spares the others.
        expect(times[0]).toBeGreaterThanOrEqual(140);
        expect(times[0]).toBeLessThan(400);
        expect(Math.max(...times.slice(1))).toBeLessThan(20);
        expect(logs.lines.filter((l) => l.scope === 'redis' && /indisponível/.test(String(l.msg)))).toHaveLength(1);
      } finally {
        redis.thaw();
        logs.restore();
      }
      await until(() => getRedis()!.available, 10_000);
    });
  });
});
