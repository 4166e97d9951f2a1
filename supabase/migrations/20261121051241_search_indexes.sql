-- Trigram indexes for typo-tolerant and partial matches (accent- and case-insensitive).
CREATE INDEX IF NOT EXISTS products_name_trgm_idx ON products USING gin (public.immutable_unaccent(lower(name)) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_code_trgm_idx ON products USING gin (lower(product_code) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS inventory_products_code_trgm_idx ON inventory_products USING gin (lower(code) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS inventory_products_code_prefix_idx ON inventory_products (lower(code) text_pattern_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS products_code_prefix_idx ON products (lower(product_code) text_pattern_ops);
