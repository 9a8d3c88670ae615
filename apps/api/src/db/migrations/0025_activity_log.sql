DROP INDEX "audit_log_agency_at_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "primary_client_id" uuid;--> statement-breakpoint
CREATE INDEX "audit_log_agency_actor_at_idx" ON "audit_log" USING btree ("agency_id","actor_user_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_agency_client_at_idx" ON "audit_log" USING btree ("agency_id","primary_client_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_log_agency_at_idx" ON "audit_log" USING btree ("agency_id","at","id");--> statement-breakpoint
-- Earlier entries get the client they concern from what they already recorded (decision 033): the client's own
-- target, the primary_client_id their detail names, or the plan's or family member's client. The append-only
-- trigger stands aside for this one statement of the migration, and only the new column is written.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_no_update";--> statement-breakpoint
-- Row-level security is forced on the owner too: the migration reads and writes in the platform scope.
SELECT set_config('app.scope', 'platform', true);--> statement-breakpoint
UPDATE "audit_log" a SET "primary_client_id" = coalesce(
  CASE WHEN a.target_type = 'primary_client' AND a.target_id ~ '^[0-9a-f-]{36}$' THEN a.target_id::uuid END,
  CASE WHEN a.detail->>'primary_client_id' ~ '^[0-9a-f-]{36}$' THEN (a.detail->>'primary_client_id')::uuid END,
  (SELECT p.primary_client_id FROM insurance_policies p WHERE a.target_type = 'insurance_policy' AND p.id::text = a.target_id),
  (SELECT i.primary_client_id FROM investment_accounts i WHERE a.target_type = 'investment_account' AND i.id::text = a.target_id),
  (SELECT s.primary_client_id FROM secondary_clients s WHERE a.target_type = 'secondary_client' AND s.id::text = a.target_id))
WHERE a.agency_id IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_no_update";
