-- Row-level security (decision 012) for issue 27's tables: each is a tenant table with the forced policy of every
-- tenant table, its agency read once per statement (migration 0019). A plan's follow-ups and its lost mark are of
-- the plan's client, so an agent's call sees and writes only those of the clients assigned to them, by the same
-- restrictive policy as their plans (migrations 0024, 0026: the client looked up by key with agency and agent).
-- The WhatsApp templates are the agency's: every member of its workspace reads them to write a message.
-- Hand-written apart from the generated tables so that it can be renumbered at a merge.
ALTER TABLE "plan_follow_ups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "plan_follow_ups" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "plan_follow_ups"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "plan_follow_ups" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
ALTER TABLE "plan_losses" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "plan_losses" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "plan_losses"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "plan_losses" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
ALTER TABLE "whatsapp_templates" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "whatsapp_templates" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "whatsapp_templates"
  USING (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform')
  WITH CHECK (agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) OR (SELECT current_setting('app.scope', true)) = 'platform');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON "plan_follow_ups", "plan_losses", "whatsapp_templates" TO portal_app;
