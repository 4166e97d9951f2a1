// The catalogue DTO types live in lib/ (shared with components); re-exported for server code.
export type * from '@/lib/catalogue/types';
