// Types of scripts/fuzz-support.mjs for its short run in `npm test` (tests/e2e/fuzz.spec.ts).
export interface Catalogue {
  chapters: { slug: string; code: number }[];
  families: { slug: string; code: string; chapterSlug: string }[];
  products: { id: number; code: string; chapterSlug: string; familySlug: string }[];
  brands: { slug: string; id: number }[];
  campaigns: { id: number; slug: string }[];
}

/** Which corpus file an upload request carries, how it was changed, and under which name and type. */
export interface FuzzUpload {
  file: string;
  mutation: string;
  name: string;
  type: string;
  /** The multipart framing (0–5: odd ones; others: the normal one). */
  shape: number;
}

export interface FuzzRequest {
  index: number;
  family: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  /** A text, bytes, or an upload's pieces (sent one after the other). */
  body?: string | Buffer | Buffer[];
  upload?: FuzzUpload;
}

/** What the upload families need (prepareUploads). */
export interface UploadSetup {
  origin: string;
  files: { name: string; type: string; kind: string; category: string; data: Buffer }[];
  sessions: { anon: string; admin: string; customer: string };
  guestCart: string;
  actions: Record<string, string>;
  brandId: number;
  /** What could not be had (a session, the build's action ids). */
  warnings: string[];
}

export interface FuzzResult {
  request: FuzzRequest;
  /** 0 when nothing came back. */
  status: number;
  ms: number;
  /** The LEAKS patterns found in the body. */
  leaks: string[];
  /** A server action answered its RSC error row (it threw), whatever the status. */
  actionError?: boolean;
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
export declare const UPLOAD_SHARE: number;
export declare function prepareUploads(options: { base: string; corpusDir: string; buildDir: string; catalogue: Catalogue; maxBytes?: number }): Promise<UploadSetup>;
export declare function generateRequests(options: { seed: string | number; count: number; catalogue: Catalogue; uploads?: UploadSetup }): FuzzRequest[];
export declare function bodyLength(body: FuzzRequest['body']): number;
export declare function send(base: string, request: Omit<FuzzRequest, 'index' | 'family'>, options?: { timeoutMs?: number }): Promise<FuzzResponse>;
export declare function runFuzz(options: {
  base: string;
  requests: FuzzRequest[];
  concurrency?: number;
  timeoutMs?: number;
  onProgress?: (done: number, total: number) => void;
}): Promise<FuzzResult[]>;
export declare function actionThrew(response: FuzzResponse): boolean;
export declare function findingsOf(results: FuzzResult[]): FuzzResult[];
export declare function summaryOf(results: FuzzResult[]): string;
export declare function describeFinding(base: string, seed: string | number, result: FuzzResult): string;
export declare function curlOf(base: string, request: FuzzRequest): string;
