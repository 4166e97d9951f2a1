// Types of scripts/hostile-corpus.mjs for the tests (tests/e2e/hostile-uploads.spec.ts).

/** What an endpoint takes: tables (CSV/XLSX readers), images, PDFs; 'other' is none of them. */
export type HostileCategory = 'table' | 'image' | 'pdf' | 'other';

export interface HostileFile {
  /** The file name sent with it (its extension may lie on purpose). */
  name: string;
  /** Absolute path of the generated file. */
  file: string;
  description: string;
  /** 'hostile': refused (or, where `mayAccept` says, accepted) and bounded; 'encoding': read correctly or refused; 'control': valid. */
  kind: 'hostile' | 'encoding' | 'control';
  category: HostileCategory;
  /** Endpoint categories that may accept this file. */
  mayAccept: HostileCategory[];
  /** The Content-Type a client would send. */
  type: string;
  /** Encoding files and some controls: the reader they are written for. */
  purpose?: 'quick-order' | 'catalogue';
  /** Encoding files: a text a correct read shows in the answer. */
  expectText?: string;
  bytes: number;
}

export declare const HOSTILE_DIR: string;
export declare function columnName(n: number): string;
export declare function hostileCorpus(options?: { dir?: string; force?: boolean; log?: (line: string) => void }): Promise<HostileFile[]>;
