-- Premium dues (issue 27, decision 038): each plan's premium mode, premium-paying term and next due date, and the
-- premiums paid. Migration 0032 keeps the three columns and backfills them.
ALTER TYPE "public"."document_kind" ADD VALUE 'premium_receipt';--> statement-breakpoint
CREATE TABLE "premium_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"plan_type" "service_category" NOT NULL,
	"plan_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"last_due_date" date NOT NULL,
	"instalments" smallint DEFAULT 1 NOT NULL,
	"paid_on" date NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"receipt_number" text NOT NULL,
	"receipt_document_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "premium_mode" text DEFAULT 'Yearly' NOT NULL;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "premium_term_years" smallint;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD COLUMN "premium_mode" text DEFAULT 'Yearly' NOT NULL;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD COLUMN "premium_term_years" smallint;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD COLUMN "next_due_date" date;--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_receipt_document_id_documents_id_fk" FOREIGN KEY ("receipt_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "premium_payments" ADD CONSTRAINT "premium_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "premium_payments_plan_idx" ON "premium_payments" USING btree ("agency_id","plan_id","due_date");--> statement-breakpoint
CREATE INDEX "insurance_policies_next_due_idx" ON "insurance_policies" USING btree ("agency_id","next_due_date");--> statement-breakpoint
CREATE INDEX "investment_accounts_next_due_idx" ON "investment_accounts" USING btree ("agency_id","next_due_date");