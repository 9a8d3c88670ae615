ALTER TYPE "public"."document_kind" ADD VALUE 'claim_document';--> statement-breakpoint
CREATE TABLE "claim_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"claim_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"item" text NOT NULL,
	"received_on" date NOT NULL,
	"document_id" uuid,
	"marked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD COLUMN "claim_stale_days" smallint DEFAULT 7 NOT NULL;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_claim_id_claims_id_fk" FOREIGN KEY ("claim_id") REFERENCES "public"."claims"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_documents" ADD CONSTRAINT "claim_documents_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "claim_documents_item_uq" ON "claim_documents" USING btree ("agency_id","claim_id","item");--> statement-breakpoint
-- Row-level security, grants and the client area's announcements of a claim's checklist (decision 045), as
-- migration 0037 gives claims and claim_events: the forced tenant policy, the agent wall by the claim's client,
-- and an announcement on portal_client_area for every write (the client's claim page says what is pending).
-- Hand-written apart from the generated part above so that it can be renumbered at a merge.
ALTER TABLE "claim_documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_documents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "claim_documents"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "claim_documents" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
CREATE TRIGGER "claim_documents_client_area_insert" AFTER INSERT ON "claim_documents"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claim_documents_client_area_update" AFTER UPDATE ON "claim_documents"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claim_documents_client_area_delete" AFTER DELETE ON "claim_documents"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claim_documents_client_area_truncate" AFTER TRUNCATE ON "claim_documents"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "claim_documents" TO portal_app;
