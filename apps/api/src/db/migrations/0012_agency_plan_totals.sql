-- The workspace home's figures, kept instead of counted (issue 8): at 100k clients and 300k plans, counting them
-- on every visit took 0.6 s. Two kept figures:
--   agency_client_counts.family: family members not removed whose primary client is not removed;
--   agency_plan_totals: plans with status 'active', not removed, whose primary client is not removed, summed per
--   end date, kind, service and provider. The home adds up the rows whose end date has not passed ('infinity'
--   for a plan without one), so the passing of days needs no writes.
-- Both are kept by statement triggers with transition tables, so a bulk upload writes each total once. A change to
-- a plan or family member locks its primary client FOR SHARE before it counts, and removing a client locks the
-- client by its own update: a plan added while its client is being removed is counted after the removal commits,
-- with the client's final state, so neither side misses the other.
CREATE TABLE "agency_plan_totals" (
	"agency_id" uuid NOT NULL,
	"end_date" date NOT NULL,
	"kind" text NOT NULL,
	"service_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"plans" integer DEFAULT 0 NOT NULL,
	"amount" numeric(16, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "agency_plan_totals_pk" PRIMARY KEY("agency_id","end_date","kind","service_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "agency_plan_totals" ADD CONSTRAINT "agency_plan_totals_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "agency_client_counts" ADD COLUMN "family" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- A tenant table like every other (decision 012).
ALTER TABLE "agency_plan_totals" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "agency_plan_totals" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "agency_plan_totals"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
-- Plans: what the new rows add less what the old rows took, each counted with its client's state now. TG_ARGV[0]
-- is the kind, TG_ARGV[1] the money column ('premium_amount' or 'amount').
CREATE FUNCTION "total_agency_plans"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  sides text[] := ARRAY[]::text[];
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM "primary_clients" c WHERE c."id" IN (SELECT "primary_client_id" FROM "new_rows") FOR SHARE OF c;
    sides := sides || format(
      'SELECT r."agency_id", coalesce(r."end_date", ''infinity''::date) AS "end_date", r."service_id", r."provider_id",
              1 AS n, coalesce(r.%I, 0) AS a
         FROM "new_rows" r JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
        WHERE r."deleted_at" IS NULL AND r."status" = ''active''', TG_ARGV[1]);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    sides := sides || format(
      'SELECT r."agency_id", coalesce(r."end_date", ''infinity''::date) AS "end_date", r."service_id", r."provider_id",
              -1 AS n, -coalesce(r.%I, 0) AS a
         FROM "old_rows" r JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
        WHERE r."deleted_at" IS NULL AND r."status" = ''active''', TG_ARGV[1]);
  END IF;
  EXECUTE format(
    'INSERT INTO "agency_plan_totals" AS t ("agency_id", "end_date", "kind", "service_id", "provider_id", "plans", "amount")
       SELECT "agency_id", "end_date", %L, "service_id", "provider_id", sum(n), sum(a)
         FROM (%s) d
        GROUP BY "agency_id", "end_date", "service_id", "provider_id"
       HAVING sum(n) <> 0 OR sum(a) <> 0
     ON CONFLICT ("agency_id", "end_date", "kind", "service_id", "provider_id")
     DO UPDATE SET "plans" = t."plans" + excluded."plans", "amount" = t."amount" + excluded."amount"',
    TG_ARGV[0], array_to_string(sides, ' UNION ALL '));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_total_insert" AFTER INSERT ON "insurance_policies"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('insurance', 'premium_amount');
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_total_update" AFTER UPDATE ON "insurance_policies"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('insurance', 'premium_amount');
--> statement-breakpoint
CREATE TRIGGER "insurance_policies_total_delete" AFTER DELETE ON "insurance_policies"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('insurance', 'premium_amount');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_total_insert" AFTER INSERT ON "investment_accounts"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('investment', 'amount');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_total_update" AFTER UPDATE ON "investment_accounts"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('investment', 'amount');
--> statement-breakpoint
CREATE TRIGGER "investment_accounts_total_delete" AFTER DELETE ON "investment_accounts"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_agency_plans"('investment', 'amount');
--> statement-breakpoint
-- Family members: the same rule as plans, into agency_client_counts.family.
CREATE FUNCTION "count_agency_family"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    PERFORM 1 FROM "primary_clients" c WHERE c."id" IN (SELECT "primary_client_id" FROM "new_rows") FOR SHARE OF c;
  END IF;
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "agency_client_counts" AS t ("agency_id", "family")
      SELECT r."agency_id", count(*) FROM "new_rows" r
        JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
       WHERE r."deleted_at" IS NULL GROUP BY r."agency_id"
      ON CONFLICT ("agency_id") DO UPDATE SET "family" = t."family" + excluded."family";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "agency_client_counts" t SET "family" = t."family" - d.n
      FROM (SELECT r."agency_id", count(*) AS n FROM "old_rows" r
              JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
             WHERE r."deleted_at" IS NULL GROUP BY r."agency_id") d
     WHERE t."agency_id" = d."agency_id";
  ELSE
    INSERT INTO "agency_client_counts" AS t ("agency_id", "family")
      SELECT "agency_id", sum(n) FROM (
        SELECT r."agency_id", count(*) AS n FROM "new_rows" r
          JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
         WHERE r."deleted_at" IS NULL GROUP BY r."agency_id"
        UNION ALL
        SELECT r."agency_id", -count(*) FROM "old_rows" r
          JOIN "primary_clients" c ON c."id" = r."primary_client_id" AND c."deleted_at" IS NULL
         WHERE r."deleted_at" IS NULL GROUP BY r."agency_id"
      ) d GROUP BY "agency_id" HAVING sum(n) <> 0
      ON CONFLICT ("agency_id") DO UPDATE SET "family" = t."family" + excluded."family";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "secondary_clients_count_insert" AFTER INSERT ON "secondary_clients"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_family"();
--> statement-breakpoint
CREATE TRIGGER "secondary_clients_count_update" AFTER UPDATE ON "secondary_clients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_family"();
--> statement-breakpoint
CREATE TRIGGER "secondary_clients_count_delete" AFTER DELETE ON "secondary_clients"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_family"();
--> statement-breakpoint
-- A primary client removed (or brought back) takes its plans and family members out of the totals (or back in).
-- Plans and family members reference their client without a cascade, so a client with either is never deleted.
CREATE FUNCTION "total_removed_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Most updates (an edited name, portal access) change no client's removal and write nothing here.
  IF NOT EXISTS (SELECT 1 FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
                  WHERE (n."deleted_at" IS NULL) <> (o."deleted_at" IS NULL)) THEN
    RETURN NULL;
  END IF;
  WITH ch AS (
    SELECT n."id", n."agency_id", CASE WHEN n."deleted_at" IS NULL THEN 1 ELSE -1 END AS "sign"
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
     WHERE (n."deleted_at" IS NULL) <> (o."deleted_at" IS NULL)
  )
  INSERT INTO "agency_plan_totals" AS t ("agency_id", "end_date", "kind", "service_id", "provider_id", "plans", "amount")
    SELECT "agency_id", "end_date", "kind", "service_id", "provider_id", sum(n), sum(a) FROM (
      SELECT p."agency_id", coalesce(p."end_date", 'infinity'::date) AS "end_date", 'insurance' AS "kind",
             p."service_id", p."provider_id", ch."sign" AS n, ch."sign" * coalesce(p."premium_amount", 0) AS a
        FROM "insurance_policies" p JOIN ch ON p."agency_id" = ch."agency_id" AND p."primary_client_id" = ch."id"
       WHERE p."deleted_at" IS NULL AND p."status" = 'active'
      UNION ALL
      SELECT p."agency_id", coalesce(p."end_date", 'infinity'::date), 'investment',
             p."service_id", p."provider_id", ch."sign", ch."sign" * coalesce(p."amount", 0)
        FROM "investment_accounts" p JOIN ch ON p."agency_id" = ch."agency_id" AND p."primary_client_id" = ch."id"
       WHERE p."deleted_at" IS NULL AND p."status" = 'active'
    ) d
    GROUP BY "agency_id", "end_date", "kind", "service_id", "provider_id"
    HAVING sum(n) <> 0 OR sum(a) <> 0
    ON CONFLICT ("agency_id", "end_date", "kind", "service_id", "provider_id")
    DO UPDATE SET "plans" = t."plans" + excluded."plans", "amount" = t."amount" + excluded."amount";
  WITH ch AS (
    SELECT n."id", n."agency_id", CASE WHEN n."deleted_at" IS NULL THEN 1 ELSE -1 END AS "sign"
      FROM "new_rows" n JOIN "old_rows" o ON o."id" = n."id"
     WHERE (n."deleted_at" IS NULL) <> (o."deleted_at" IS NULL)
  )
  UPDATE "agency_client_counts" t SET "family" = t."family" + d.n
    FROM (SELECT s."agency_id", sum(ch."sign") AS n
            FROM "secondary_clients" s JOIN ch ON s."agency_id" = ch."agency_id" AND s."primary_client_id" = ch."id"
           WHERE s."deleted_at" IS NULL GROUP BY s."agency_id") d
   WHERE t."agency_id" = d."agency_id";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "primary_clients_total_update" AFTER UPDATE ON "primary_clients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "total_removed_clients"();
--> statement-breakpoint
-- The migrating owner is held by the forced policies too unless it is a superuser: it counts in the platform scope.
SELECT set_config('app.scope', 'platform', true);
--> statement-breakpoint
UPDATE "agency_client_counts" t SET "family" = d.n
  FROM (SELECT s."agency_id", count(*) AS n FROM "secondary_clients" s
          JOIN "primary_clients" c ON c."id" = s."primary_client_id" AND c."deleted_at" IS NULL
         WHERE s."deleted_at" IS NULL GROUP BY s."agency_id") d
 WHERE t."agency_id" = d."agency_id";
--> statement-breakpoint
INSERT INTO "agency_plan_totals" ("agency_id", "end_date", "kind", "service_id", "provider_id", "plans", "amount")
  SELECT "agency_id", "end_date", "kind", "service_id", "provider_id", count(*), sum(a) FROM (
    SELECT p."agency_id", coalesce(p."end_date", 'infinity'::date) AS "end_date", 'insurance' AS "kind",
           p."service_id", p."provider_id", coalesce(p."premium_amount", 0) AS a
      FROM "insurance_policies" p JOIN "primary_clients" c ON c."id" = p."primary_client_id" AND c."deleted_at" IS NULL
     WHERE p."deleted_at" IS NULL AND p."status" = 'active'
    UNION ALL
    SELECT p."agency_id", coalesce(p."end_date", 'infinity'::date), 'investment',
           p."service_id", p."provider_id", coalesce(p."amount", 0)
      FROM "investment_accounts" p JOIN "primary_clients" c ON c."id" = p."primary_client_id" AND c."deleted_at" IS NULL
     WHERE p."deleted_at" IS NULL AND p."status" = 'active'
  ) d
  GROUP BY "agency_id", "end_date", "kind", "service_id", "provider_id";
