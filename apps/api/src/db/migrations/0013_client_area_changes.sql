-- Every change to what the client area's plan answers are made of is announced (issue 8, decision 017). The API
-- keeps a client's dashboard summary and alerts, "my plans" and plan details answers in memory, and drops every kept
-- answer of an agency when it hears the agency's id on the channel portal_client_area ('*': of every agency). The answers read the plans of both
-- kinds, their providers, services, holders (family members), documents and insured members, and the client's own
-- record; a write to any of these tables, by any writer, announces each agency it touched. Statement triggers with
-- transition tables: a bulk upload announces each agency once. PostgreSQL delivers the announcements at commit,
-- and folds repeats of the same one within a transaction.
CREATE FUNCTION "announce_client_area"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  agency uuid;
BEGIN
  IF TG_OP = 'TRUNCATE' OR TG_TABLE_NAME = 'services' THEN
    -- The service catalogue is every agency's; a truncate names no rows.
    PERFORM pg_notify('portal_client_area', '*');
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    FOR agency IN SELECT DISTINCT "agency_id" FROM "new_rows" LOOP
      PERFORM pg_notify('portal_client_area', agency::text);
    END LOOP;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    FOR agency IN SELECT DISTINCT "agency_id" FROM "old_rows" LOOP
      PERFORM pg_notify('portal_client_area', agency::text);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['insurance_policies', 'investment_accounts', 'providers', 'secondary_clients',
                           'documents', 'insured_members', 'primary_clients'] LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS "new_rows"
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"()', t || '_client_area_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"()', t || '_client_area_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS "old_rows"
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"()', t || '_client_area_delete', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
                      FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"()', t || '_client_area_truncate', t);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE TRIGGER "services_client_area_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "services"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
