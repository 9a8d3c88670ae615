-- Row-level security, the second wall (issue 9, decision 012). Every tenant table (every table with an
-- agency_id column) shows and takes only the rows of the agency the connection is set to (app.agency_id),
-- or every row in the platform scope (app.scope = 'platform'); a connection set to neither sees none.
-- The API's queries run as portal_app: not the owner, no BYPASSRLS, so FORCE applies to it. Superusers
-- always bypass row-level security, so PGlite's single superuser connection is not held by it.
-- Roles belong to the whole server and test databases are migrated side by side: the role is created
-- only when missing, and a concurrent creation by another migration is not an error.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'portal_app') THEN
    BEGIN
      CREATE ROLE portal_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOINHERIT NOCREATEDB NOCREATEROLE;
    EXCEPTION WHEN duplicate_object OR unique_violation THEN
      NULL;
    END;
  END IF;
  -- The migrating user must be able to SET ROLE to it (a superuser always can).
  IF NOT pg_has_role(current_user, 'portal_app', 'MEMBER') THEN
    EXECUTE format('GRANT portal_app TO %I', current_user);
  END IF;
END $$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO portal_app;
--> statement-breakpoint
GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO portal_app;
--> statement-breakpoint
-- Tables and sequences that later migrations create (as the same owner) get the same grants.
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO portal_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT ON SEQUENCES TO portal_app;
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "users" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "users"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "documents" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "documents" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "documents"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "providers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "providers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "providers"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "primary_clients" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "primary_clients" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "primary_clients"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "secondary_clients" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "secondary_clients" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "secondary_clients"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "insurance_policies" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "insurance_policies" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "insurance_policies"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "investment_accounts" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "investment_accounts" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "investment_accounts"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "insured_members" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "insured_members" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "insured_members"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "audit_log" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "audit_log"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "renewal_events" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "renewal_events" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "renewal_events"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "reminder_sends" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_sends" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "reminder_sends"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
--> statement-breakpoint
ALTER TABLE "mail_outbox" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "mail_outbox" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "mail_outbox"
  USING (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform')
  WITH CHECK (agency_id = nullif(current_setting('app.agency_id', true), '')::uuid OR current_setting('app.scope', true) = 'platform');
