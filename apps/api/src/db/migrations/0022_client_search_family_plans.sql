-- The workspace's client search also finds a primary client by a family member's name and by the number of any plan
-- of theirs, their family's included (issue 24 item 11): an insurance policy number, an investment's number and the
-- folio, PRAN or account number of its service's fields. Each table gets a lower-case search column of its own with
-- a trigram index (no pending list, as migration 0017), read with LIKE like the client's own (migration 0018): a
-- stored column rather than an index on the expression, since under row-level security only leakproof conditions
-- are answered from an index before the tenant policy runs, and `||`, `->>` and lower() are not leakproof.
-- The search looks the three up by index and gives the primary clients' ids to the clients' primary key
-- (primary-clients.repository.ts searchFilter).
ALTER TABLE "insurance_policies" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("insurance_policies"."policy_number")) STORED;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("investment_accounts"."account_number" || chr(31) || coalesce("investment_accounts"."subtype_fields" ->> 'folio_number', '') || chr(31) || coalesce("investment_accounts"."subtype_fields" ->> 'pran', '') || chr(31) || coalesce("investment_accounts"."subtype_fields" ->> 'account_number', ''))) STORED;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("secondary_clients"."first_name" || ' ' || coalesce("secondary_clients"."last_name", ''))) STORED;--> statement-breakpoint
CREATE INDEX "insurance_policies_search_trgm_idx" ON "insurance_policies" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "investment_accounts_search_trgm_idx" ON "investment_accounts" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "secondary_clients_search_trgm_idx" ON "secondary_clients" USING gin ("search_text" gin_trgm_ops) WITH (fastupdate=false);
