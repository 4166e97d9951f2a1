// Types of scripts/fuzz-support.mjs for its short run in `npm test` (tests/e2e/fuzz.spec.ts).
export interface Catalogue {
  chapters: { slug: string; code: number }[];
  families: { slug: string; code: string; chapterSlug: string }[];
  products: { id: number; code: string; chapterSlug: string; familySlug: string }[];
  brands: { slug: string; id: number }[];
  campaigns: { id: number; slug: string }[];
}

export interface FuzzRequest {
  index: number;
  family: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
}

export interface FuzzResult {
  request: FuzzRequest;
  /** 0 when nothing came back. */
  status: number;
  ms: number;
  /** The LEAKS patterns found in the body. */
  leaks: string[];
  excerpt?: string;
  error?: string;
}

export interface FuzzResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export declare const LEAKS: [string, string][];
export declare function discoverCatalogue(base: string): Promise<Catalogue>;
export declare function generateRequests(options: { seed: string | number; count: number; catalogue: Catalogue }): FuzzRequest[];
export declare function send(base: string, request: Omit<FuzzRequest, 'index' | 'family'>, options?: { timeoutMs?: number }): Promise<FuzzResponse>;
export declare function runFuzz(options: {
  base: string;
  requests: FuzzRequest[];
  concurrency?: number;
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<FuzzResult[]>;
export declare function findingsOf(results: FuzzResult[]): FuzzResult[];
export declare function summaryOf(results: FuzzResult[]): string;
export declare function describeFinding(base: string, seed: string | number, result: FuzzResult): string;
export declare function curlOf(base: string, request: FuzzRequest): string;
