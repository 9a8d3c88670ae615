CREATE TABLE "platform_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "agencies_name_trgm_idx" ON "agencies" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "owner_accounts_name_trgm_idx" ON "owner_accounts" USING gin ("client_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "owner_accounts_id_trgm_idx" ON "owner_accounts" USING gin (("id"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_owner_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops) WHERE "users"."role" = 'AO';--> statement-breakpoint
-- The owners' count, kept by statement triggers (issue 8): the admin list's total without counting 1M rows
-- per page. Statement-level with transition tables, so a bulk insert updates the counter once.
CREATE FUNCTION "platform_count_owners"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "platform_counters" SET "value" = "value" + (SELECT count(*) FROM "new_rows") WHERE "name" = 'owners';
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "platform_counters" SET "value" = "value" - (SELECT count(*) FROM "old_rows") WHERE "name" = 'owners';
  ELSE
    UPDATE "platform_counters" SET "value" = 0 WHERE "name" = 'owners';
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "owner_accounts_count_insert" AFTER INSERT ON "owner_accounts"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "platform_count_owners"();--> statement-breakpoint
CREATE TRIGGER "owner_accounts_count_delete" AFTER DELETE ON "owner_accounts"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "platform_count_owners"();--> statement-breakpoint
CREATE TRIGGER "owner_accounts_count_truncate" AFTER TRUNCATE ON "owner_accounts"
  FOR EACH STATEMENT EXECUTE FUNCTION "platform_count_owners"();--> statement-breakpoint
INSERT INTO "platform_counters" ("name", "value") SELECT 'owners', count(*) FROM "owner_accounts";
