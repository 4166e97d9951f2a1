// Types of scripts/ensure-chromium.mjs for its unit test (tests/unit/ensure-chromium.test.ts).
export declare const DEFAULT_CHROMIUM_PATH: string;
export declare const APT_COMMANDS: string[][];

export interface ChromiumFacts {
  /** process.env.CHROMIUM_PATH */
  chromiumPathEnv?: string;
  exists: (file: string) => boolean;
  isRoot: boolean;
  hasAptGet: boolean;
  hasSudo: boolean;
}

export type ChromiumPlan =
  | { action: 'ready'; path: string }
  | { action: 'install'; path: string; commands: string[][] }
  | { action: 'fail'; path: string; message: string };

export declare function planChromium(facts: ChromiumFacts): ChromiumPlan;
