CREATE TABLE "agency_client_counts" (
	"agency_id" uuid PRIMARY KEY NOT NULL,
	"clients" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agency_client_counts" ADD CONSTRAINT "agency_client_counts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A tenant table like every other (decision 012): an agency's connection sees and writes only its own row.
ALTER TABLE "agency_client_counts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "agency_client_counts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "agency_client_counts"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
-- Kept by statement triggers with transition tables, so a bulk upload changes each agency's row once. An update
-- counts the rows not removed before and after, so an edit nets to nothing and writes nothing.
CREATE FUNCTION "count_agency_clients"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "agency_client_counts" AS c ("agency_id", "clients")
      SELECT "agency_id", count(*) FROM "new_rows" WHERE "deleted_at" IS NULL GROUP BY "agency_id"
      ON CONFLICT ("agency_id") DO UPDATE SET "clients" = c."clients" + excluded."clients";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "agency_client_counts" c SET "clients" = c."clients" - d.n
      FROM (SELECT "agency_id", count(*) AS n FROM "old_rows" WHERE "deleted_at" IS NULL GROUP BY "agency_id") d
      WHERE c."agency_id" = d."agency_id";
  ELSE
    INSERT INTO "agency_client_counts" AS c ("agency_id", "clients")
      SELECT "agency_id", sum(n) FROM (
        SELECT "agency_id", count(*) AS n FROM "new_rows" WHERE "deleted_at" IS NULL GROUP BY "agency_id"
        UNION ALL
        SELECT "agency_id", -count(*) AS n FROM "old_rows" WHERE "deleted_at" IS NULL GROUP BY "agency_id"
      ) d GROUP BY "agency_id" HAVING sum(n) <> 0
      ON CONFLICT ("agency_id") DO UPDATE SET "clients" = c."clients" + excluded."clients";
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "primary_clients_count_insert" AFTER INSERT ON "primary_clients"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_clients"();
--> statement-breakpoint
CREATE TRIGGER "primary_clients_count_update" AFTER UPDATE ON "primary_clients"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_clients"();
--> statement-breakpoint
CREATE TRIGGER "primary_clients_count_delete" AFTER DELETE ON "primary_clients"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "count_agency_clients"();
--> statement-breakpoint
-- The migrating owner is held by the forced policies too unless it is a superuser: it counts in the platform scope.
SELECT set_config('app.scope', 'platform', true);
--> statement-breakpoint
INSERT INTO "agency_client_counts" ("agency_id", "clients")
  SELECT "agency_id", count(*) FROM "primary_clients" WHERE "deleted_at" IS NULL GROUP BY "agency_id";
