CREATE TYPE "public"."document_kind" AS ENUM('policy_pdf', 'investment_pdf', 'aadhaar', 'pan', 'cheque', 'profile_image', 'avatar', 'provider_logo');--> statement-breakpoint
CREATE TYPE "public"."plan_status" AS ENUM('active', 'renewed', 'lapsed', 'closed');--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('ADMIN', 'AO', 'AC');--> statement-breakpoint
CREATE TYPE "public"."service_category" AS ENUM('insurance', 'investment');--> statement-breakpoint
CREATE TABLE "agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"alternate_phone" text,
	"locality" text NOT NULL,
	"society" text,
	"city" text NOT NULL,
	"state_name" text NOT NULL,
	"country_id" smallint DEFAULT 1 NOT NULL,
	"pincode" text NOT NULL,
	"website" text,
	"years_in_business" smallint,
	"description" text,
	"license_number" text,
	"next_client_seq" integer DEFAULT 1 NOT NULL,
	"reminder_days" integer[] DEFAULT '{30,15,7,1}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_user_id" uuid,
	"actor_role" "role",
	"agency_id" uuid,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"detail" jsonb,
	"ip" "inet"
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"kind" "document_kind" NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"original_name" text,
	"storage_key" text NOT NULL,
	"encryption_iv" text NOT NULL,
	"encryption_tag" text NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "insurance_policies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"secondary_client_id" uuid,
	"provider_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"plan_name" text,
	"start_date" date,
	"end_date" date,
	"subtype_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"nominee_full_name" text,
	"nominee_relation" text,
	"nominee_dob" date,
	"nominee_phone" text,
	"nominee_email" text,
	"document_id" uuid,
	"status" "plan_status" DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"policy_number" text NOT NULL,
	"premium_amount" numeric(14, 2),
	"sum_assured" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "insured_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"secondary_client_id" uuid,
	"insured_member_name" text NOT NULL,
	"relationship" text,
	"insured_member_dob" date,
	"insured_member_phone_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investment_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"secondary_client_id" uuid,
	"provider_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"plan_name" text,
	"start_date" date,
	"end_date" date,
	"subtype_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"nominee_full_name" text,
	"nominee_relation" text,
	"nominee_dob" date,
	"nominee_phone" text,
	"nominee_email" text,
	"document_id" uuid,
	"status" "plan_status" DEFAULT 'active' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"account_number" text NOT NULL,
	"amount" numeric(14, 2)
);
--> statement-breakpoint
CREATE TABLE "login_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"client_name" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL,
	"verified_at" timestamp with time zone,
	"inserted_by" text DEFAULT 'SYSTEM' NOT NULL,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"newsletter_subscribed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "primary_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"user_id" uuid,
	"client_code" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"date_of_birth" date,
	"gender" text,
	"nationality" text DEFAULT 'Indian',
	"occupation" text,
	"house_number" text,
	"society" text,
	"locality" text,
	"city" text,
	"state" text,
	"pincode" text,
	"pan_enc" text,
	"pan_last4" text,
	"aadhaar_last4" text,
	"emergency_contact_name" text,
	"emergency_contact_phone" text,
	"avatar_document_id" uuid,
	"portal_access" boolean DEFAULT false NOT NULL,
	"notify_by_email" boolean DEFAULT true NOT NULL,
	"preferred_language" text DEFAULT 'en' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"category" "service_category" NOT NULL,
	"provider_name" text NOT NULL,
	"agency_code" text,
	"start_date" date,
	"agent_name" text,
	"email" text,
	"mobile_number" text,
	"bank_name" text,
	"bank_account_number_enc" text,
	"bank_account_last4" text,
	"logo_document_id" uuid,
	"investment_type" text,
	"agency_type" text,
	"arn_number" text,
	"arn_expiry" date,
	"euin_number" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "secondary_clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agency_id" uuid NOT NULL,
	"primary_client_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text,
	"email" text,
	"phone" text,
	"alternate_phone" text,
	"relationship" text NOT NULL,
	"relation_type" text,
	"date_of_birth" date,
	"gender" text,
	"house_number" text,
	"society" text,
	"locality" text,
	"city" text,
	"state" text,
	"pincode" text,
	"height_cm" numeric(5, 1),
	"weight_kg" numeric(5, 1),
	"medical_conditions" text,
	"aadhaar_last4" text,
	"pan_enc" text,
	"pan_last4" text,
	"cif_enc" text,
	"cif_last4" text,
	"account_number_enc" text,
	"account_number_last4" text,
	"ifsc_code" text,
	"aadhaar_document_id" uuid,
	"pan_document_id" uuid,
	"cheque_document_id" uuid,
	"profile_image_document_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category" "service_category" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort_order" smallint DEFAULT 100 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" "role" NOT NULL,
	"agency_id" uuid,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 1 NOT NULL,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_owner_id_owner_accounts_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."owner_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_secondary_client_id_secondary_clients_id_fk" FOREIGN KEY ("secondary_client_id") REFERENCES "public"."secondary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_members" ADD CONSTRAINT "insured_members_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_members" ADD CONSTRAINT "insured_members_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_members" ADD CONSTRAINT "insured_members_secondary_client_id_secondary_clients_id_fk" FOREIGN KEY ("secondary_client_id") REFERENCES "public"."secondary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_secondary_client_id_secondary_clients_id_fk" FOREIGN KEY ("secondary_client_id") REFERENCES "public"."secondary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_provider_id_providers_id_fk" FOREIGN KEY ("provider_id") REFERENCES "public"."providers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_accounts" ADD CONSTRAINT "investment_accounts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_accounts" ADD CONSTRAINT "owner_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_clients" ADD CONSTRAINT "primary_clients_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_clients" ADD CONSTRAINT "primary_clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_clients" ADD CONSTRAINT "primary_clients_avatar_document_id_documents_id_fk" FOREIGN KEY ("avatar_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "primary_clients" ADD CONSTRAINT "primary_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_logo_document_id_documents_id_fk" FOREIGN KEY ("logo_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "providers" ADD CONSTRAINT "providers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_primary_client_id_primary_clients_id_fk" FOREIGN KEY ("primary_client_id") REFERENCES "public"."primary_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_aadhaar_document_id_documents_id_fk" FOREIGN KEY ("aadhaar_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_pan_document_id_documents_id_fk" FOREIGN KEY ("pan_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_cheque_document_id_documents_id_fk" FOREIGN KEY ("cheque_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_profile_image_document_id_documents_id_fk" FOREIGN KEY ("profile_image_document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "secondary_clients" ADD CONSTRAINT "secondary_clients_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_slug_uq" ON "agencies" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "agencies_owner_idx" ON "agencies" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "audit_log_agency_at_idx" ON "audit_log" USING btree ("agency_id","at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "documents_agency_idx" ON "documents" USING btree ("agency_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_policies_client_idx" ON "insurance_policies" USING btree ("agency_id","primary_client_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_secondary_idx" ON "insurance_policies" USING btree ("agency_id","secondary_client_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_end_idx" ON "insurance_policies" USING btree ("agency_id","end_date");--> statement-breakpoint
CREATE INDEX "insurance_policies_provider_idx" ON "insurance_policies" USING btree ("agency_id","provider_id");--> statement-breakpoint
CREATE INDEX "insurance_policies_number_idx" ON "insurance_policies" USING btree ("agency_id","policy_number");--> statement-breakpoint
CREATE INDEX "insured_members_policy_idx" ON "insured_members" USING btree ("agency_id","policy_id");--> statement-breakpoint
CREATE INDEX "investment_accounts_client_idx" ON "investment_accounts" USING btree ("agency_id","primary_client_id");--> statement-breakpoint
CREATE INDEX "investment_accounts_secondary_idx" ON "investment_accounts" USING btree ("agency_id","secondary_client_id");--> statement-breakpoint
CREATE INDEX "investment_accounts_end_idx" ON "investment_accounts" USING btree ("agency_id","end_date");--> statement-breakpoint
CREATE INDEX "investment_accounts_provider_idx" ON "investment_accounts" USING btree ("agency_id","provider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_accounts_user_uq" ON "owner_accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "owner_accounts_created_idx" ON "owner_accounts" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "primary_clients_code_uq" ON "primary_clients" USING btree ("agency_id","client_code");--> statement-breakpoint
CREATE UNIQUE INDEX "primary_clients_user_uq" ON "primary_clients" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "primary_clients_agency_created_idx" ON "primary_clients" USING btree ("agency_id","created_at","id");--> statement-breakpoint
CREATE INDEX "primary_clients_agency_name_idx" ON "primary_clients" USING btree ("agency_id","first_name","last_name");--> statement-breakpoint
CREATE INDEX "primary_clients_agency_email_idx" ON "primary_clients" USING btree ("agency_id","email");--> statement-breakpoint
CREATE INDEX "primary_clients_agency_phone_idx" ON "primary_clients" USING btree ("agency_id","phone");--> statement-breakpoint
CREATE INDEX "providers_agency_category_idx" ON "providers" USING btree ("agency_id","category","provider_name");--> statement-breakpoint
CREATE INDEX "providers_agency_service_idx" ON "providers" USING btree ("agency_id","service_id");--> statement-breakpoint
CREATE INDEX "secondary_clients_primary_idx" ON "secondary_clients" USING btree ("agency_id","primary_client_id");--> statement-breakpoint
CREATE UNIQUE INDEX "services_code_uq" ON "services" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "users_platform_email_uq" ON "users" USING btree ("email") WHERE "users"."role" in ('ADMIN', 'AO');--> statement-breakpoint
CREATE UNIQUE INDEX "users_agency_email_uq" ON "users" USING btree ("agency_id","email") WHERE "users"."role" = 'AC';--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree ("email");