-- Every change to what the admin's owner list shows is announced (issue 8, decision 018). The API keeps the list's
-- pages and searches as the answers it sent, and drops them all when it hears '*' on the channel portal_owners. The
-- list shows an owner account's name, verification and age, its user's e-mail and active flag, and the name of its
-- first agency; a write that changes any of these, by any writer, announces. Other writes to these tables (a
-- sign-in's bookkeeping, an agency's address) announce nothing. Statement triggers with transition tables, as in
-- migration 0013; PostgreSQL delivers the announcement at commit and folds repeats within a transaction.
CREATE FUNCTION "announce_owner_list"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('portal_owners', '*');
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    IF TG_TABLE_NAME = 'users' THEN
      PERFORM 1 FROM "new_rows" WHERE "role" = 'AO' LIMIT 1;
    ELSE
      PERFORM 1 FROM "new_rows" LIMIT 1;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF TG_TABLE_NAME = 'users' THEN
      PERFORM 1 FROM "old_rows" WHERE "role" = 'AO' LIMIT 1;
    ELSE
      PERFORM 1 FROM "old_rows" LIMIT 1;
    END IF;
  ELSIF TG_TABLE_NAME = 'users' THEN
    PERFORM 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."role" = 'AO' OR o."role" = 'AO')
        AND (n."email", n."is_active", n."role") IS DISTINCT FROM (o."email", o."is_active", o."role")
      LIMIT 1;
  ELSIF TG_TABLE_NAME = 'owner_accounts' THEN
    PERFORM 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."client_name", n."is_verified", n."created_at", n."user_id")
        IS DISTINCT FROM (o."client_name", o."is_verified", o."created_at", o."user_id")
      LIMIT 1;
  ELSE
    PERFORM 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
      WHERE (n."name", n."owner_id", n."created_at") IS DISTINCT FROM (o."name", o."owner_id", o."created_at")
      LIMIT 1;
  END IF;
  IF FOUND THEN
    PERFORM pg_notify('portal_owners', '*');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['owner_accounts', 'users', 'agencies'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows"
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_owner_list"()', t || '_owner_list_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_owner_list"()', t || '_owner_list_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows"
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_owner_list"()', t || '_owner_list_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_owner_list"()', t || '_owner_list_truncate', t);
  END LOOP;
END $$;
