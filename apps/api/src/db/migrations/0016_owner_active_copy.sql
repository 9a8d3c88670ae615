-- The admin's owner list reads owner_accounts alone (issue 8, decision 018): the owner's user's active flag is
-- copied onto the owner row beside the e-mail (migration 0015) and kept by the same triggers, whoever writes. A
-- search is planned anew for its term on every call, and a statement naming "users" costs about three times as
-- much to plan, that table's row-level security policy being planned with it.
ALTER TABLE "owner_accounts" ADD COLUMN "owner_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The copies of what is there: the owner list's announcements (migration 0014) need not hear them.
ALTER TABLE "owner_accounts" DISABLE TRIGGER "owner_accounts_owner_list_update";--> statement-breakpoint
UPDATE "owner_accounts" o SET "owner_active" = u."is_active" FROM "users" u
  WHERE u."id" = o."user_id" AND NOT u."is_active";--> statement-breakpoint
ALTER TABLE "owner_accounts" ENABLE TRIGGER "owner_accounts_owner_list_update";--> statement-breakpoint
-- A new owner row (or one moved to another user) takes its user's e-mail and active flag.
CREATE OR REPLACE FUNCTION "owner_takes_email"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT u."email", u."is_active" INTO NEW."owner_email", NEW."owner_active" FROM "users" u WHERE u."id" = NEW."user_id";
  NEW."owner_email" := coalesce(NEW."owner_email", '');
  NEW."owner_active" := coalesce(NEW."owner_active", false);
  RETURN NEW;
END $$;--> statement-breakpoint
-- A user's new e-mail or active flag reaches their owner row, if they have one.
CREATE OR REPLACE FUNCTION "user_email_to_owner"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "owner_accounts" SET "owner_email" = NEW."email", "owner_active" = NEW."is_active" WHERE "user_id" = NEW."id";
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "users_email_to_owner" ON "users";--> statement-breakpoint
CREATE TRIGGER "users_email_to_owner" AFTER UPDATE OF "email", "is_active" ON "users"
  FOR EACH ROW WHEN (OLD."email" IS DISTINCT FROM NEW."email" OR OLD."is_active" IS DISTINCT FROM NEW."is_active")
  EXECUTE FUNCTION "user_email_to_owner"();
