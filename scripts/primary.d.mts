// Types of scripts/primary.mjs (the node:cluster primary of `npm start`).
export declare const QUICK_MS: number;
export declare const MAX_DELAY_MS: number;
export declare function restartDelay(quickDeaths: number): number;
export declare function runPrimary(options: {
  exec: string;
  args?: string[];
  env?: Record<string, string>;
  workers?: number;
  spare?: boolean;
  pidFile?: string | null;
  spareFile?: string | null;
  log?: (line: string) => void;
}): { stop: (signal: string, code?: number) => void };
