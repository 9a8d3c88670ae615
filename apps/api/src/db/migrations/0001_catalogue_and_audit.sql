-- The fixed service catalogue (decisions §4), with stable ids so every installation agrees.
INSERT INTO "services" ("id", "code", "name", "category", "sort_order") VALUES
  ('00000000-0000-4000-8000-000000000001', 'life', 'Life Insurance', 'insurance', 1),
  ('00000000-0000-4000-8000-000000000002', 'health', 'Health Insurance', 'insurance', 2),
  ('00000000-0000-4000-8000-000000000003', 'motor', 'Motor Insurance', 'insurance', 3),
  ('00000000-0000-4000-8000-000000000004', 'travel', 'Travel Insurance', 'insurance', 4),
  ('00000000-0000-4000-8000-000000000005', 'home', 'Home Insurance', 'insurance', 5),
  ('00000000-0000-4000-8000-000000000006', 'mutual_funds', 'Mutual Funds', 'investment', 6),
  ('00000000-0000-4000-8000-000000000007', 'nps', 'National Pension System', 'investment', 7),
  ('00000000-0000-4000-8000-000000000008', 'postoffice', 'Post Office Schemes', 'investment', 8)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
-- The audit log is append-only: no process, however privileged its role, rewrites history.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
