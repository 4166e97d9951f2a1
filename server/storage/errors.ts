import 'server-only';

/**
 * The store cannot be reached (an S3 endpoint down, a timeout): not the caller's fault, and
 * usually brief. The API answers it 503 with Retry-After (server/api/errors.ts).
 */
export class StorageUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageUnavailableError';
  }
}
