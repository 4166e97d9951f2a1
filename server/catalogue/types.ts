// The catalogue DTO types live in lib/ (shared with components); re-exported for server code.
import 'server-only';
export type * from '@/lib/catalogue/types';
