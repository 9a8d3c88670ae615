CREATE TABLE "agency_work_days" (
	"agency_id" uuid NOT NULL,
	"work_date" date NOT NULL,
	"kind" text NOT NULL,
	"service_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"plans" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agency_work_days_pk" PRIMARY KEY("agency_id","work_date","kind","service_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD COLUMN "work_date" date GENERATED ALWAYS AS (least("next_due_date", "end_date", "follow_up_date")) STORED;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD COLUMN "follow_up_date" date;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD COLUMN "work_date" date GENERATED ALWAYS AS (least("next_due_date", "end_date", "follow_up_date")) STORED;--> statement-breakpoint
ALTER TABLE "agency_work_days" ADD CONSTRAINT "agency_work_days_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_policies_work_idx" ON "insurance_policies" USING btree ("agency_id","work_date","id") WHERE status = 'active' and deleted_at is null and work_date is not null;--> statement-breakpoint
CREATE INDEX "investment_accounts_work_idx" ON "investment_accounts" USING btree ("agency_id","work_date","id") WHERE status = 'active' and deleted_at is null and work_date is not null;