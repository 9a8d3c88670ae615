-- The agent wall's policies on family members, policies and accounts (migration 0024) asked whether a row's client
-- is in `SELECT id FROM primary_clients`: PostgreSQL answered that by reading every client of the agency (the
-- policy's own conditions on that subquery are not indexable), 14 ms at 100k clients for each such table a
-- statement reads; an agent's first page of clients took 32 ms. Each row's client is now looked up with the agency
-- and the agent named, so an index answers it however PostgreSQL plans it: by key for a few rows, or the agent's
-- clients at once (the index on agency and agent) for many. What each policy lets through is unchanged.
ALTER POLICY "agent_assignment" ON "secondary_clients"
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
ALTER POLICY "agent_assignment" ON "insurance_policies"
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
--> statement-breakpoint
ALTER POLICY "agent_assignment" ON "investment_accounts"
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR EXISTS (SELECT 1 FROM primary_clients c WHERE c.id = primary_client_id AND c.agency_id = (SELECT nullif(current_setting('app.agency_id', true), '')::uuid) AND c.assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid)));
