-- Extensions and text-search building blocks used by the catalogue search.
-- Works on PGlite, on a plain PostgreSQL server and on hosted Supabase (where
-- extensions may live in the "extensions" schema: the objects below look the schema up).
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
DO $$
DECLARE
  ext_schema text;
BEGIN
  SELECT n.nspname INTO ext_schema
  FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
  WHERE e.extname = 'unaccent';

  -- unaccent() is only STABLE; indexes and generated columns need an IMMUTABLE wrapper.
  EXECUTE format(
    'CREATE OR REPLACE FUNCTION public.immutable_unaccent(text) RETURNS text '
    'LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT AS $f$ SELECT %I.unaccent(%L::regdictionary, $1) $f$',
    ext_schema, ext_schema || '.unaccent');

  IF NOT EXISTS (SELECT 1 FROM pg_ts_config WHERE cfgname = 'pt_unaccent') THEN
    CREATE TEXT SEARCH CONFIGURATION public.pt_unaccent (COPY = pg_catalog.portuguese);
    EXECUTE format(
      'ALTER TEXT SEARCH CONFIGURATION public.pt_unaccent ALTER MAPPING FOR hword, hword_part, word WITH %I.unaccent, portuguese_stem',
      ext_schema);
  END IF;
END
$$;
