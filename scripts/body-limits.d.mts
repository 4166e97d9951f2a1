// Types of scripts/body-limits.mjs (request body limits counted by scripts/serve.mjs).
export declare const ACTION_BODY_LIMIT: number;
export declare const STAFF_ACTION_BODY_LIMIT: number;
export declare const ROUTE_BODY_LIMIT: number;
export declare const STAFF_ROUTE_BODY_LIMIT: number;
export declare function sizeText(bytes: number): string;
export declare function tooLargeText(limit: number): string;
