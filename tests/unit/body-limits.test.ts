/** @jest-environment node */
/**
 * scripts/body-limits.mjs: the limits scripts/serve.mjs counts request bodies against. The caps in
 * front of route handlers must be at least every `bodyLimit` a route declares (server/api/route.ts),
 * or the server would refuse what a route accepts: 3 MB outside /api/admin, 66 MB (staff) under it.
 * A new or raised bodyLimit fails this test until the caps are looked at again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ACTION_BODY_LIMIT, ROUTE_BODY_LIMIT, STAFF_ACTION_BODY_LIMIT, STAFF_ROUTE_BODY_LIMIT, sizeText, tooLargeText } from '../../scripts/body-limits.mjs';

const ROOT = path.resolve(__dirname, '../..');
const MB = 1024 * 1024;

function files(dir: string, test: RegExp): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, test);
    return test.test(entry.name) ? [full] : [];
  });
}

/** `export const NAME = <arithmetic>;` of server/ and lib/, evaluated. */
function numericConstants(): Map<string, number> {
  const constants = new Map<string, number>();
  for (const file of [...files(path.join(ROOT, 'server'), /\.ts$/), ...files(path.join(ROOT, 'lib'), /\.ts$/)]) {
    for (const m of fs.readFileSync(file, 'utf8').matchAll(/export const ([A-Z0-9_]+)\s*=\s*([\d\s*+_]+);/g)) {
      constants.set(m[1]!, Number(Function(`return (${m[2]!.replace(/_/g, '')})`)()));
    }
  }
  return constants;
}

function evaluate(expression: string, constants: Map<string, number>): number {
  const text = expression.replace(/[A-Z][A-Z0-9_]+/g, (name) => {
    const value = constants.get(name);
    if (value === undefined) throw new Error(`unknown constant ${name} in bodyLimit: ${expression}`);
    return String(value);
  });
  if (!/^[\d\s*+()]+$/.test(text)) throw new Error(`bodyLimit not understood: ${expression}`);
  return Number(Function(`return (${text})`)());
}

describe('request body limits', () => {
  it('every bodyLimit a route handler declares is within the cap in front of it: 3 MB, 66 MB under /api/admin (staff)', () => {
    const constants = numericConstants();
    const declared = files(path.join(ROOT, 'app'), /^route\.tsx?$/).flatMap((file) =>
      [...fs.readFileSync(file, 'utf8').matchAll(/bodyLimit:\s*([^,}]+)/g)].map((m) => ({
        admin: path.relative(ROOT, file).split(path.sep).join('/').startsWith('app/api/admin/'),
        limit: evaluate(m[1]!.trim(), constants),
      })),
    );
    expect(declared.length).toBeGreaterThanOrEqual(5);
    const largest = (admin: boolean) => Math.max(constants.get('DEFAULT_BODY_LIMIT') ?? 0, ...declared.filter((d) => d.admin === admin).map((d) => d.limit));
    expect(ROUTE_BODY_LIMIT).toBeGreaterThanOrEqual(largest(false));
    expect(STAFF_ROUTE_BODY_LIMIT).toBeGreaterThanOrEqual(largest(true));
    // Not looser than needed either: the staff cap is the largest declared limit.
    expect(STAFF_ROUTE_BODY_LIMIT).toBe(largest(true));
  });

  it('3 MB for server actions, 52 MB for staff in the admin area, named in pt-PT', () => {
    expect(ACTION_BODY_LIMIT).toBe(3 * MB);
    expect(STAFF_ACTION_BODY_LIMIT).toBe(52 * MB);
    expect(tooLargeText(ACTION_BODY_LIMIT)).toBe('Pedido demasiado grande (máximo 3 MB).');
    expect(sizeText(1.5 * MB)).toBe('1,5 MB');
    expect(sizeText(2048)).toBe('2 kB');
  });

  it('next.config.ts gives Next the staff limits as the ceiling of every action and of what its proxy passes on', () => {
    const config = fs.readFileSync(path.join(ROOT, 'next.config.ts'), 'utf8');
    expect(config).toMatch(/serverActions:\s*\{\s*bodySizeLimit:\s*STAFF_ACTION_BODY_LIMIT\s*\}/);
    expect(config).toMatch(/proxyClientMaxBodySize:\s*STAFF_ROUTE_BODY_LIMIT\b/);
  });
});
