-- The admin's owner search reads owner_accounts alone (issue 8, decision 018): the owner's name, e-mail, agency
-- names and id, each with its own trigram index, so PostgreSQL ORs four index scans of one table and reads each
-- match once. It searched trigram indexes in three tables and joined the matches back to their owners: a surname
-- shared by 40,000 of 1M owners read all 1M owners twice. The e-mail and agency names are copied onto the owner row
-- and kept by triggers, whoever writes.
DROP INDEX "agencies_name_trgm_idx";--> statement-breakpoint
DROP INDEX "users_owner_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "owner_accounts" ADD COLUMN "owner_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "owner_accounts" ADD COLUMN "agency_names" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- The copies of what is there: the owner list's announcements (migration 0014) need not hear them.
ALTER TABLE "owner_accounts" DISABLE TRIGGER "owner_accounts_owner_list_update";--> statement-breakpoint
UPDATE "owner_accounts" o SET "owner_email" = u."email" FROM "users" u WHERE u."id" = o."user_id";--> statement-breakpoint
UPDATE "owner_accounts" o SET "agency_names" = a."names"
  FROM (SELECT "owner_id", string_agg("name", chr(31) ORDER BY "created_at", "id") AS "names"
        FROM "agencies" GROUP BY "owner_id") a
  WHERE a."owner_id" = o."id";--> statement-breakpoint
ALTER TABLE "owner_accounts" ENABLE TRIGGER "owner_accounts_owner_list_update";--> statement-breakpoint
CREATE INDEX "owner_accounts_email_trgm_idx" ON "owner_accounts" USING gin ("owner_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "owner_accounts_agencies_trgm_idx" ON "owner_accounts" USING gin ("agency_names" gin_trgm_ops);--> statement-breakpoint
-- A new owner row (or one moved to another user) takes its user's e-mail.
CREATE FUNCTION "owner_takes_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."owner_email" := coalesce((SELECT "email" FROM "users" WHERE "id" = NEW."user_id"), '');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "owner_accounts_take_email" BEFORE INSERT OR UPDATE OF "user_id" ON "owner_accounts"
  FOR EACH ROW EXECUTE FUNCTION "owner_takes_email"();--> statement-breakpoint
-- A user's new e-mail reaches their owner row, if they have one.
CREATE FUNCTION "user_email_to_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "owner_accounts" SET "owner_email" = NEW."email" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_email_to_owner" AFTER UPDATE OF "email" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "user_email_to_owner"();--> statement-breakpoint
-- An agency added, removed, renamed or moved: its owners' agency names are made again.
CREATE FUNCTION "agency_names_to_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner uuid;
BEGIN
  FOREACH owner IN ARRAY ARRAY[CASE WHEN TG_OP <> 'INSERT' THEN OLD."owner_id" END,
                               CASE WHEN TG_OP <> 'DELETE' THEN NEW."owner_id" END] LOOP
    CONTINUE WHEN owner IS NULL;
    UPDATE "owner_accounts" SET "agency_names" = coalesce(
      (SELECT string_agg("name", chr(31) ORDER BY "created_at", "id") FROM "agencies" WHERE "owner_id" = owner), '')
    WHERE "id" = owner;
  END LOOP;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "agencies_names_to_owner" AFTER INSERT OR DELETE OR UPDATE OF "name", "owner_id", "created_at"
  ON "agencies" FOR EACH ROW EXECUTE FUNCTION "agency_names_to_owner"();
