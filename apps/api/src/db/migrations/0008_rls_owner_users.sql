-- Owners' user rows carry no agency_id (only clients' do), so in an agency's scope the users table also shows
-- the one owner of that agency, found through agencies.owner_id (decision 012). Other owners and the
-- admins stay visible only in the platform scope.
DROP POLICY "tenant_isolation" ON "users";
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "users"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform' OR (agency_id IS NULL AND id IN (SELECT o.user_id FROM owner_accounts o JOIN agencies g ON g.owner_id = o.id WHERE g.id = nullif(current_setting('app.agency_id', true), '')::uuid)))
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform' OR (agency_id IS NULL AND id IN (SELECT o.user_id FROM owner_accounts o JOIN agencies g ON g.owner_id = o.id WHERE g.id = nullif(current_setting('app.agency_id', true), '')::uuid)));
