-- The work-list's buckets (issue 27 item 4, decision 042). A plan sits on the work-list at its `work_date`, the
-- soonest of its next premium due, its end date and its open follow-up (migration 0033, a generated column). The
-- buckets' counts (overdue, today, tomorrow, this week, 30, 60 and 90 days) are kept per agency, work date, kind,
-- service and provider in `agency_work_days`, as the home's totals are kept per end date (migration 0012): plans
-- with status 'active', not removed, whose primary client is not removed. A bucket adds up the rows of its dates,
-- so the passing of days needs no writes. The same statement triggers with transition tables keep it, and a plan
-- write locks its client FOR SHARE first, as 0012 and 0028 say why.
-- Hand-written apart from the generated columns so that it can be renumbered at a merge.
ALTER TABLE "agency_work_days" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "agency_work_days" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "agency_work_days"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "agency_work_days" TO portal_app;
--> statement-breakpoint
-- Plans: what the new rows add less what the old rows took, each counted with its client's state now. TG_ARGV[0]
-- is the kind. An edit that moves no plan's work date, status or removal nets to nothing and writes nothing.
CREATE FUNCTION "count_agency_work_days"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sides text[] := ARRAY[]::text[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM "primary_clients" c
      WHERE c."id" = ANY (ARRAY(SELECT DISTINCT "primary_client_id" FROM "new_rows")) FOR SHARE OF c;
    sides := array_append(sides, 'SELECT r."agency_id", r."work_date", r."service_id", r."provider_id", 1 AS n
         FROM "new_rows" r JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
        WHERE r."deleted_at" IS NULL AND r."status" = ''active'' AND r."work_date" IS NOT NULL');
  END IF;
  IF TG_OP <> 'INSERT' THEN
    sides := array_append(sides, 'SELECT r."agency_id", r."work_date", r."service_id", r."provider_id", -1 AS n
         FROM "old_rows" r JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
        WHERE r."deleted_at" IS NULL AND r."status" = ''active'' AND r."work_date" IS NOT NULL');
  END IF;
  EXECUTE format(
    'INSERT INTO "agency_work_days" AS t ("agency_id", "work_date", "kind", "service_id", "provider_id", "plans")
       SELECT "agency_id", "work_date", %L, "service_id", "provider_id", sum(n)
         FROM (%s) d
        GROUP BY "agency_id", "work_date", "service_id", "provider_id"
       HAVING sum(n) <> 0
     ON CONFLICT ("agency_id", "work_date", "kind", "service_id", "provider_id")
     DO UPDATE SET "plans" = t."plans" + excluded."plans"',
    TG_ARGV[0], array_to_string(sides, ' UNION ALL '));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_work_days_insert" AFTER INSERT ON "insurance_policies"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_work_days"('insurance');
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_work_days_update" AFTER UPDATE ON "insurance_policies"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_work_days"('insurance');
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_work_days_delete" AFTER DELETE ON "insurance_policies"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_work_days"('insurance');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_work_days_insert" AFTER INSERT ON "investment_accounts"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_work_days"('investment');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_work_days_update" AFTER UPDATE ON "investment_accounts"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_work_days"('investment');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_work_days_delete" AFTER DELETE ON "investment_accounts"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_work_days"('investment');
--> statement-breakpoint
-- A primary client removed (or brought back) takes its plans out of the buckets (or back in), as in 0012.
CREATE FUNCTION "work_days_removed_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
                  WHERE (n."deleted_at" IS NULL) <> (o."deleted_at" IS NULL)) THEN
    RETURN NULL;
  END IF;
  WITH ch AS (
    SELECT n."id", n."agency_id", CASE WHEN n."deleted_at" IS NULL THEN 1 ELSE -1 END AS "sign"
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
     WHERE (n."deleted_at" IS NULL) <> (o."deleted_at" IS NULL)
  )
  INSERT INTO "agency_work_days" AS t ("agency_id", "work_date", "kind", "service_id", "provider_id", "plans")
    SELECT "agency_id", "work_date", "kind", "service_id", "provider_id", sum(n) FROM (
      SELECT p."agency_id", p."work_date", 'insurance' AS "kind", p."service_id", p."provider_id", ch."sign" AS n
        FROM "insurance_policies" p JOIN ch ON p."agency_id" = ch."agency_id" AND p."primary_client_id" = ch."id"
       WHERE p."deleted_at" IS NULL AND p."status" = 'active' AND p."work_date" IS NOT NULL
      UNION ALL
      SELECT p."agency_id", p."work_date", 'investment', p."service_id", p."provider_id", ch."sign"
        FROM "investment_accounts" p JOIN ch ON p."agency_id" = ch."agency_id" AND p."primary_client_id" = ch."id"
       WHERE p."deleted_at" IS NULL AND p."status" = 'active' AND p."work_date" IS NOT NULL
    ) d
    GROUP BY "agency_id", "work_date", "kind", "service_id", "provider_id"
    HAVING sum(n) <> 0
    ON CONFLICT ("agency_id", "work_date", "kind", "service_id", "provider_id")
    DO UPDATE SET "plans" = t."plans" + excluded."plans";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "primary_clients_work_days_update" AFTER UPDATE ON "primary_clients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "work_days_removed_clients"();
--> statement-breakpoint
-- The work-list's pages are kept answers (decision 042), dropped by the client area's announcements (0013): besides
-- the plans and clients, they show a plan's marks, reminders and open follow-up, so those writes announce too.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['renewal_events', 'reminder_sends', 'plan_follow_ups'] LOOP
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
-- The migrating owner is held by the forced policies too unless it is a superuser: it counts in the platform scope.
SELECT set_config('app.scope', 'platform', true);
--> statement-breakpoint
-- A plan's open follow-up is its latest one, when that is still to come or passed without a contact since.
UPDATE "insurance_policies" p SET "follow_up_date" = f."next_date"
  FROM (SELECT DISTINCT ON ("plan_id") "plan_id", "next_date", "at" FROM "plan_follow_ups"
         ORDER BY "plan_id", "at" DESC, "id" DESC) f
 WHERE f."plan_id" = p."id" AND p."status" = 'active'
   AND NOT EXISTS (SELECT 1 FROM "renewal_events" e WHERE e."plan_id" = p."id" AND e."at" > f."at");
--> statement-breakpoint
UPDATE "investment_accounts" p SET "follow_up_date" = f."next_date"
  FROM (SELECT DISTINCT ON ("plan_id") "plan_id", "next_date", "at" FROM "plan_follow_ups"
         ORDER BY "plan_id", "at" DESC, "id" DESC) f
 WHERE f."plan_id" = p."id" AND p."status" = 'active'
   AND NOT EXISTS (SELECT 1 FROM "renewal_events" e WHERE e."plan_id" = p."id" AND e."at" > f."at");
--> statement-breakpoint
-- The counts as they stand (the follow-up updates above counted their own changes from an empty table: start over).
DELETE FROM "agency_work_days";
--> statement-breakpoint
INSERT INTO "agency_work_days" ("agency_id", "work_date", "kind", "service_id", "provider_id", "plans")
  SELECT "agency_id", "work_date", "kind", "service_id", "provider_id", count(*) FROM (
    SELECT p."agency_id", p."work_date", 'insurance' AS "kind", p."service_id", p."provider_id"
      FROM "insurance_policies" p JOIN "primary_clients" c ON c."id" = p."primary_client_id" AND c."deleted_at" IS NULL
     WHERE p."deleted_at" IS NULL AND p."status" = 'active' AND p."work_date" IS NOT NULL
    UNION ALL
    SELECT p."agency_id", p."work_date", 'investment', p."service_id", p."provider_id"
      FROM "investment_accounts" p JOIN "primary_clients" c ON c."id" = p."primary_client_id" AND c."deleted_at" IS NULL
     WHERE p."deleted_at" IS NULL AND p."status" = 'active' AND p."work_date" IS NOT NULL
  ) d
  GROUP BY "agency_id", "work_date", "kind", "service_id", "provider_id";
