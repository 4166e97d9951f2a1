// Types of scripts/process-group.mjs.
export declare function stopGroup(pid: number, exited: Promise<unknown>, graceMs: number, signal?: NodeJS.Signals): Promise<void>;
