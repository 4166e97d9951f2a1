import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';
import type client from 'prom-client';

export declare const REDACTED_KEYS: string[];
export declare function scrubText(text: string): string;
export declare function scrubValue(value: unknown, depth?: number): unknown;
export declare function serializeError(err: unknown, depth?: number): unknown;
export declare function instanceId(): string;
export declare function sharedLogger(): Logger;
export declare function captureLogs(): { lines: Record<string, unknown>[]; restore(): void };
export declare function sharedRegistry(): client.Registry;
export declare function metric<M extends client.Metric>(name: string, make: (registry: client.Registry) => M): M;
export declare const promClient: typeof client;
export declare function httpDuration(): client.Histogram<'method' | 'route' | 'status'>;
export interface RouteTable {
  statics: Set<string>;
  dynamic: { page: string; regex: RegExp }[];
}
export declare function loadRoutes(root: string): RouteTable | null;
export declare function routeLabel(pathname: string, routes: RouteTable | null): string;
export declare function requestIdFor(given: string | string[] | undefined | null): string;
export declare function createRequestObserver(root: string): (req: IncomingMessage, res: ServerResponse) => void;
