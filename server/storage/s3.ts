import 'server-only';
import type { S3Client, S3ClientConfig } from '@aws-sdk/client-s3';
import { env } from '@/lib/env';
import { StorageUnavailableError } from './errors';
import type { FileStorage } from './index';
import { assertStorageKey } from './keys';

/**
 * The S3 driver of server/storage: every object in one bucket (under an optional prefix), through
 * the AWS SDK. Works with AWS S3 and the services that speak its API: Supabase Storage's S3
 * endpoint, Cloudflare R2, MinIO (path-style addresses whenever an endpoint is given).
 *
 * A put is one PutObject: S3 stores an object whole or not at all, so readers see the old object
 * or the new one, as with the filesystem driver's rename. A missing object is null (get/stat),
 * never an error; the store itself unreachable (network, 5xx, throttling after the SDK's retries)
 * is a StorageUnavailableError, which the API answers 503 with Retry-After.
 */
export interface S3StorageOptions {
  bucket: string;
  /** Prefix of every key (`loja/`); '' for none. */
  prefix?: string;
  client?: S3Client;
  /** Client settings when no client is given (default: s3ConfigFromEnv()). */
  config?: S3ClientConfig;
}

function statusOf(err: unknown): number | undefined {
  return (err as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode;
}

function isNotFound(err: unknown): boolean {
  const name = (err as { name?: string })?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(err) === 404;
}

/** Errors of the store being away (not of the request): connection refused, DNS, timeouts, 5xx, 429. */
function isUnavailable(err: unknown): boolean {
  const status = statusOf(err);
  if (status !== undefined) return status >= 500 || status === 429;
  const e = err as { code?: string; name?: string; message?: string };
  return (
    ['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'EHOSTUNREACH'].includes(e?.code ?? '') ||
    e?.name === 'TimeoutError' ||
    /ECONNREFUSED|socket hang up|timed? ?out/i.test(e?.message ?? '')
  );
}

function wrap(err: unknown, what: string): never {
  if (isUnavailable(err)) throw new StorageUnavailableError(`armazenamento S3 indisponível (${what})`, { cause: err });
  throw err;
}

type Sdk = typeof import('@aws-sdk/client-s3');
let sdk: Promise<Sdk> | null = null;
/** The SDK, loaded at the first use of a bucket: a shop on the filesystem never loads it. */
function loadSdk(): Promise<Sdk> {
  return (sdk ??= import('@aws-sdk/client-s3'));
}

/**
 * How long a customer can wait on the store before the answer is a 503 (server/api/errors.ts):
 * 2 s to connect, 10 s for the answer to start (`throwOnRequestTimeout`: without it the SDK only
 * warns), 10 s without a byte while it flows, and one retry (after the SDK's backoff). An
 * unreachable store is a 503 within a few seconds, one that accepts connections and then stalls
 * within about 20 s: never a hang. The idle limit does not cut a large file (a supplier catalogue
 * of tens of MB) that keeps flowing.
 */
export const S3_LIMITS = {
  maxAttempts: 2,
  requestHandler: { connectionTimeout: 2_000, requestTimeout: 10_000, throwOnRequestTimeout: true, socketTimeout: 10_000 },
} satisfies Partial<S3ClientConfig>;

/** Client settings from the environment (lib/env: AWS_ENDPOINT_URL_S3, AWS_REGION, S3_FORCE_PATH_STYLE); credentials from the SDK's own chain. */
export function s3ConfigFromEnv(): S3ClientConfig {
  const e = env();
  const endpoint = e.AWS_ENDPOINT_URL_S3;
  const pathStyle = endpoint !== undefined && e.S3_FORCE_PATH_STYLE !== '0' && e.S3_FORCE_PATH_STYLE !== 'false';
  return {
    region: e.AWS_REGION || 'us-east-1',
    ...(endpoint ? { endpoint } : {}),
    forcePathStyle: pathStyle || e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
    ...S3_LIMITS,
  };
}

export function s3Storage(options: S3StorageOptions): FileStorage {
  let client: Promise<S3Client> | null = options.client ? Promise.resolve(options.client) : null;
  const connect = () => (client ??= loadSdk().then(({ S3Client }) => new S3Client(options.config ?? s3ConfigFromEnv())));
  const run = async <T>(op: (s: Sdk, c: S3Client) => Promise<T>): Promise<T> => {
    const [s, c] = await Promise.all([loadSdk(), connect()]);
    return op(s, c);
  };
  const Bucket = options.bucket;
  const prefix = options.prefix ?? '';
  const keyOf = (key: string) => {
    assertStorageKey(key);
    return `${prefix}${key}`;
  };
  const storage: FileStorage = {
    async put(key, data) {
      const Key = keyOf(key);
      try {
        await run((s, c) => c.send(new s.PutObjectCommand({ Bucket, Key, Body: data, ContentLength: data.byteLength })));
      } catch (err) {
        wrap(err, 'put');
      }
    },
    async get(key) {
      const Key = keyOf(key);
      try {
        const answer = await run((s, c) => c.send(new s.GetObjectCommand({ Bucket, Key })));
        if (!answer.Body) return Buffer.alloc(0);
        return Buffer.from(await answer.Body.transformToByteArray());
      } catch (err) {
        if (isNotFound(err)) return null;
        return wrap(err, 'get');
      }
    },
    async stat(key) {
      const Key = keyOf(key);
      try {
        const head = await run((s, c) => c.send(new s.HeadObjectCommand({ Bucket, Key })));
        return { size: Number(head.ContentLength ?? 0), modifiedAt: head.LastModified ?? new Date(0) };
      } catch (err) {
        if (isNotFound(err)) return null;
        return wrap(err, 'stat');
      }
    },
    async exists(key) {
      return (await storage.stat(key)) !== null;
    },
    async delete(key) {
      const Key = keyOf(key);
      try {
        await run((s, c) => c.send(new s.DeleteObjectCommand({ Bucket, Key })));
      } catch (err) {
        if (isNotFound(err)) return;
        wrap(err, 'delete');
      }
    },
    async list(listPrefix) {
      const keys: string[] = [];
      let ContinuationToken: string | undefined;
      try {
        do {
          const page = await run((s, c) => c.send(new s.ListObjectsV2Command({ Bucket, Prefix: `${prefix}${listPrefix}`, ContinuationToken })));
          for (const o of page.Contents ?? []) if (o.Key) keys.push(o.Key.slice(prefix.length));
          ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
        } while (ContinuationToken);
      } catch (err) {
        wrap(err, 'list');
      }
      return keys;
    },
  };
  return storage;
}
