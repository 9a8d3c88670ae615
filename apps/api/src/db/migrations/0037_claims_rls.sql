-- Row-level security, grants and the client area's announcements for issue 28's claims (decision 043). Each is a
-- tenant table with the forced policy of every tenant table, its agency read once per statement (migration 0019).
-- A claim and its history are of the plan's client, so an agent's call sees and writes only those of the clients
-- assigned to them, by the same restrictive policy as their plans' payments (migrations 0026, 0032).
-- The client area's dashboard summary counts the client's claims of the financial year (a kept answer, decision
-- 017): every write of either table announces its agency on portal_client_area, which drops the agency's answers.
-- Hand-written apart from the generated tables so that it can be renumbered at a merge.
ALTER TABLE "claims" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claims" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "claims"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "claims" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
CREATE TRIGGER "claims_client_area_insert" AFTER INSERT ON "claims"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claims_client_area_update" AFTER UPDATE ON "claims"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claims_client_area_delete" AFTER DELETE ON "claims"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claims_client_area_truncate" AFTER TRUNCATE ON "claims"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
ALTER TABLE "claim_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "claim_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "claim_events"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "claim_events" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
CREATE TRIGGER "claim_events_client_area_insert" AFTER INSERT ON "claim_events"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claim_events_client_area_update" AFTER UPDATE ON "claim_events"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claim_events_client_area_delete" AFTER DELETE ON "claim_events"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
CREATE TRIGGER "claim_events_client_area_truncate" AFTER TRUNCATE ON "claim_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "announce_client_area"();
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "claims", "claim_events" TO portal_app;
