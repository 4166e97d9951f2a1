/**
 * A local S3 server for tests (s3rver: the S3 API as AWS, Supabase Storage, R2 and MinIO speak
 * it), on a free loopback port, with the shop's environment pointed at it. It can be stopped and
 * started again on the same port and folder (an outage and its end).
 */
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { resetEnvCache } from '@/lib/env';
import { setStorage } from '@/server/storage';

// s3rver is CommonJS without types.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const S3rver = require('s3rver') as new (options: Record<string, unknown>) => { run(): Promise<{ port: number }>; close(): Promise<void> };

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface LocalS3 {
  port: number;
  bucket: string;
  /** SDK settings for a client of this server (path style, s3rver's credentials, no retries). */
  config(): { region: string; endpoint: string; forcePathStyle: boolean; credentials: { accessKeyId: string; secretAccessKey: string }; maxAttempts: number };
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder; the environment's S3 variables are removed. */
  dispose(): Promise<void>;
}

/** Starts s3rver with `bucket`, and (useEnv) sets S3_BUCKET and the AWS variables so getStorage() uses it. */
export async function startLocalS3(bucket: string, options: { prefix?: string; useEnv?: boolean } = {}): Promise<LocalS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-s3-'));
  const port = await freePort();
  let server: { close(): Promise<void> } | null = null;
  const start = async () => {
    const s = new S3rver({ port, address: '127.0.0.1', directory: dir, silent: true });
    await s.run();
    server = s;
  };
  const config = () => ({
    region: 'us-east-1',
    endpoint: `http://127.0.0.1:${port}`,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    maxAttempts: 1,
  });
  await start();
  await new S3Client(config()).send(new CreateBucketCommand({ Bucket: bucket }));
  const env = process.env as Record<string, string | undefined>;
  const names = ['S3_BUCKET', 'S3_PREFIX', 'AWS_ENDPOINT_URL_S3', 'AWS_REGION', 'AWS_ACCESS_KEY_ID', 'AWS_SECRET_ACCESS_KEY'] as const;
  if (options.useEnv !== false) {
    Object.assign(env, {
      S3_BUCKET: bucket,
      S3_PREFIX: options.prefix ?? '',
      AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
      AWS_REGION: 'us-east-1',
      AWS_ACCESS_KEY_ID: 'S3RVER',
      AWS_SECRET_ACCESS_KEY: 'S3RVER',
    });
    resetEnvCache();
    setStorage(undefined);
  }
  return {
    port,
    bucket,
    config,
    async stop() {
      await server?.close();
      server = null;
    },
    start,
    async dispose() {
      await server?.close().catch(() => undefined);
      server = null;
      fs.rmSync(dir, { recursive: true, force: true });
      if (options.useEnv !== false) {
        for (const name of names) delete env[name];
        resetEnvCache();
        setStorage(undefined);
      }
    },
  };
}
