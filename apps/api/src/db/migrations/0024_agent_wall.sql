-- Row-level security's second wall for agents (issue 25, decision 031): besides the agency's policy, a
-- restrictive policy on the four tables whose ids an agent's calls name. A call made for an agent carries its
-- user id in `app.agent_id` (db/scope.ts); every other scope leaves it empty, and the policy lets everything
-- through. For an agent it shows only the primary clients assigned to them, and the family members, policies and
-- accounts of those clients; a row an agent writes must stay within them. Read once per statement, as the
-- agency is (migration 0019). Documents, insured members, renewal events and reminder sends are reached through
-- these rows and keep the agency's wall alone.
CREATE POLICY "agent_assignment" ON "primary_clients" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR assigned_agent_id = (SELECT nullif(current_setting('app.agent_id', true), '')::uuid));
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "secondary_clients" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR primary_client_id IN (SELECT id FROM primary_clients))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR primary_client_id IN (SELECT id FROM primary_clients));
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "insurance_policies" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR primary_client_id IN (SELECT id FROM primary_clients))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR primary_client_id IN (SELECT id FROM primary_clients));
--> statement-breakpoint
CREATE POLICY "agent_assignment" ON "investment_accounts" AS RESTRICTIVE
  USING ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR primary_client_id IN (SELECT id FROM primary_clients))
  WITH CHECK ((SELECT nullif(current_setting('app.agent_id', true), '')::uuid) IS NULL OR primary_client_id IN (SELECT id FROM primary_clients));
