import { defineConfig } from 'drizzle-kit';

// The schema files start with `import 'server-only'` like the rest of server/: run drizzle-kit
// through `npm run db:generate`, which passes Node the `react-server` condition that turns that
// import into an empty module (a bare `npx drizzle-kit generate` stops on it).

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema/index.ts',
  out: './supabase/migrations',
  migrations: { prefix: 'supabase' },
  strict: true,
  verbose: true,
});
