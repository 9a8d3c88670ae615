-- Searches stay on their trigram indexes under row-level security (issue 8, decision 014). PostgreSQL runs a
-- tenant policy before any condition that is not leakproof, so `col ILIKE '%term%'` (texticlike) could not be
-- answered from a pg_trgm index and every search read the agency's (or, for the admin, every) row. ILIKE on
-- text raises errors only about its pattern, never about the row's value, so it is marked LEAKPROOF here; only
-- a superuser may do that, and without one the migration goes on (searches stay correct, only slower) and
-- says so. The client search reads a stored generated column instead of an expression, since `||` is not
-- leakproof either.
DO $$
BEGIN
  IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
    ALTER FUNCTION texticlike(text, text) LEAKPROOF;
  ELSE
    RAISE WARNING 'Not a superuser: ILIKE stays non-leakproof, so searches under row-level security read every row of the agency. Run "ALTER FUNCTION texticlike(text, text) LEAKPROOF" as a superuser.';
  END IF;
END $$;
--> statement-breakpoint
DROP INDEX "primary_clients_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "primary_clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (("primary_clients"."first_name" || ' ' || coalesce("primary_clients"."last_name", '') || chr(31) || coalesce("primary_clients"."email", '') || chr(31) || coalesce("primary_clients"."phone", '') || chr(31) || "primary_clients"."client_code")) STORED;--> statement-breakpoint
CREATE INDEX "primary_clients_search_trgm_idx" ON "primary_clients" USING gin ("search_text" gin_trgm_ops);