-- The searched trigram indexes keep no pending list (issue 8). With GIN's fast update, new entries wait in a list
-- that every search reads through page by page until a vacuum, or 4 MB of them, folds it into the index: on the
-- bench set, 214 pending pages (the last 1,281 clients written) made a search by a client's phone 2.2 times slower
-- at 100k clients, and a reused set whose owners a migration rewrote answered an agency-name search eight times
-- slower until vacuumed. Clients and owners are written one at a time, so each entry now goes in at once. Turning
-- fast update off keeps what is pending; gin_clean_pending_list folds it in now.
ALTER INDEX "owner_accounts_name_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "owner_accounts_email_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "owner_accounts_agencies_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "owner_accounts_id_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
ALTER INDEX "primary_clients_search_trgm_idx" SET (fastupdate = false);--> statement-breakpoint
SELECT gin_clean_pending_list('owner_accounts_name_trgm_idx'::regclass),
  gin_clean_pending_list('owner_accounts_email_trgm_idx'::regclass),
  gin_clean_pending_list('owner_accounts_agencies_trgm_idx'::regclass),
  gin_clean_pending_list('owner_accounts_id_trgm_idx'::regclass),
  gin_clean_pending_list('primary_clients_search_trgm_idx'::regclass);
