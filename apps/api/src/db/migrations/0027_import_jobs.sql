-- The import (issue 26, decision 036): an agency's import jobs, their rows' answers, its remembered mappings.
CREATE TYPE "public"."import_status" AS ENUM('checking', 'checked', 'queued', 'running', 'done', 'cancelled', 'failed', 'undone');--> statement-breakpoint
CREATE TABLE "import_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"agent_id" uuid,
	"file_name" text NOT NULL,
	"format" text NOT NULL,
	"status" "import_status" DEFAULT 'checking' NOT NULL,
	"sheets" jsonb NOT NULL,
	"cells" "bytea",
	"error_cells" "bytea",
	"changes" jsonb NOT NULL,
	"households" jsonb NOT NULL,
	"counts" jsonb NOT NULL,
	"progress_done" integer DEFAULT 0 NOT NULL,
	"progress_total" integer DEFAULT 0 NOT NULL,
	"committed_by" uuid,
	"committed_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"failure" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_mappings" (
	"agency_id" uuid NOT NULL,
	"sheet_kind" text NOT NULL,
	"header" text NOT NULL,
	"field" text,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_mappings_pk" PRIMARY KEY("agency_id","sheet_kind","header")
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"agency_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"sheet" text NOT NULL,
	"row_number" integer NOT NULL,
	"outcome" text NOT NULL,
	"matched_by" text,
	"summary" text NOT NULL,
	"household" text,
	"new_provider" text,
	"errors" jsonb NOT NULL,
	"created" jsonb,
	CONSTRAINT "import_rows_pk" PRIMARY KEY("agency_id","job_id","seq")
);
--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD CONSTRAINT "import_jobs_committed_by_users_id_fk" FOREIGN KEY ("committed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_job_id_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_jobs_agency_created_idx" ON "import_jobs" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "import_jobs_agency_active_uq" ON "import_jobs" USING btree ("agency_id") WHERE "import_jobs"."status" in ('checking', 'queued', 'running');--> statement-breakpoint
CREATE INDEX "import_jobs_work_idx" ON "import_jobs" USING btree ("status","locked_until") WHERE "import_jobs"."status" in ('checking', 'queued', 'running');--> statement-breakpoint
CREATE INDEX "import_rows_household_idx" ON "import_rows" USING btree ("agency_id","job_id","household");--> statement-breakpoint
-- Row-level security (decision 012): the three import tables are tenant tables, each with the forced policy of
-- every tenant table, read once per statement (migration 0019). An agent's imports are their own (issue 25,
-- decision 031): a restrictive policy shows an agent's call only the jobs it uploaded and their rows, as the
-- agent wall of migrations 0024 and 0026 shows only their clients. The remembered mappings are the agency's.
ALTER TABLE "import_jobs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "import_jobs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "import_jobs"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "import_jobs" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid));
--> statement-breakpoint
ALTER TABLE "import_rows" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "import_rows" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "import_rows"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "import_rows" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM import_jobs j WHERE j.id = job_id AND j.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND j.agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM import_jobs j WHERE j.id = job_id AND j.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND j.agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
ALTER TABLE "import_mappings" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "import_mappings" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "import_mappings"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "import_jobs", "import_rows", "import_mappings" TO portal_app;
