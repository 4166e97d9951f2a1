import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './supabase/migrations',
  migrations: { prefix: 'supabase' },
  strict: true,
  verbose: true,
});
