-- "Contains" searches (meter id, customer name) cannot use a btree: trigram indexes serve ILIKE '%…%'.
-- pg_trgm is a trusted extension (PostgreSQL 13+), so the database owner may create it; PGlite loads it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "meters_meter_id_trgm_idx" ON "meters" USING gin ("meter_id" gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_name_trgm_idx" ON "customers" USING gin ("customer_name" gin_trgm_ops);
