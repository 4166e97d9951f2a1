// Types of scripts/cluster-support.mjs (the shop on several "machines" on this one).
export declare const root: string;
export declare function sleep(ms: number): Promise<void>;
export declare function freePort(): Promise<number>;
export declare function portInUse(port: number): Promise<boolean>;
interface Stoppable {
  port: number;
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<void>;
  start(): Promise<void>;
}
export declare class Postgres {
  constructor(dir: string, port: number);
  url: string;
  port: number;
  init(): void;
  start(): void;
  restart(): void;
  stop(mode?: 'fast' | 'immediate' | 'smart'): void;
}
export declare class Instance {
  constructor(id: string, port: number, env: Record<string, string | undefined>, dir: string);
  id: string;
  port: number;
  url: string;
  logFile: string;
  env: Record<string, string>;
  start(timeoutMs?: number): Promise<void>;
  ready(timeoutMs?: number): Promise<void>;
  kill(): Promise<void>;
  stop(): Promise<void>;
}
export interface Cluster {
  dir: string;
  url: string;
  pg: Postgres;
  redis: (Stoppable & { url: string }) | null;
  s3: (Stoppable & { env: Record<string, string> }) | null;
  smtp: (Stoppable & { url: string; mailDir: string }) | null;
  /** Milliseconds from `since` until HAProxy logs instance `id` DOWN, or null after `timeoutMs`. */
  downAfter(id: string, since: number, timeoutMs?: number): Promise<number | null>;
  haproxy: Stoppable & { url: string };
  instances: Instance[];
  stop(): Promise<void>;
}
export declare function startCluster(options?: {
  instances?: number;
  workers?: number;
  redis?: boolean;
  s3?: boolean;
  smtpUrl?: string;
  dir?: string;
  port?: number;
  log?: (line: string) => void;
  env?: Record<string, string>;
}): Promise<Cluster>;
