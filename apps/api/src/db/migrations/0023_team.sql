ALTER TYPE "public"."role" ADD VALUE 'AA';--> statement-breakpoint
ALTER TYPE "public"."role" ADD VALUE 'AG';--> statement-breakpoint
DROP INDEX "users_agency_email_uq";--> statement-breakpoint
ALTER TABLE "primary_clients" ADD COLUMN "assigned_agent_id" uuid;--> statement-breakpoint
ALTER TABLE "primary_clients" ADD CONSTRAINT "primary_clients_assigned_agent_id_users_id_fk" FOREIGN KEY ("assigned_agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "primary_clients_agent_created_idx" ON "primary_clients" USING btree ("agency_id","assigned_agent_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_agency_email_uq" ON "users" USING btree ("agency_id","email") WHERE "users"."agency_id" is not null;