CREATE TABLE "companies" (
	"id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"company_adress" text DEFAULT '' NOT NULL,
	"company_district" text DEFAULT '' NOT NULL,
	"company_city" text DEFAULT '' NOT NULL,
	"company_country" text DEFAULT 'Türkiye' NOT NULL,
	"company_category" text DEFAULT 'Customer' NOT NULL,
	"company_phone" text DEFAULT '' NOT NULL,
	"company_mobilephone" text DEFAULT '' NOT NULL,
	"company_fax" text DEFAULT '' NOT NULL,
	"company_taxoffice" text DEFAULT '' NOT NULL,
	"company_taxno" text DEFAULT '' NOT NULL,
	"company_email" text DEFAULT '' NOT NULL,
	"company_web" text DEFAULT '' NOT NULL,
	"company_img" text DEFAULT '' NOT NULL,
	"company_notes" text DEFAULT '' NOT NULL,
	"company_status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"window_start" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"person" text DEFAULT '' NOT NULL,
	"person_id" text,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"form" text DEFAULT '' NOT NULL,
	"operation_id" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"firstname" text NOT NULL,
	"lastname" text NOT NULL,
	"email" text NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"role" integer DEFAULT 7 NOT NULL,
	"user_img" text DEFAULT '' NOT NULL,
	"company_id" text,
	"userstate" boolean DEFAULT true NOT NULL,
	"permissions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"password_hash" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "companies_name_idx" ON "companies" USING btree (lower("company_name"));--> statement-breakpoint
CREATE INDEX "companies_category_idx" ON "companies" USING btree ("company_category");--> statement-breakpoint
CREATE INDEX "logs_date_idx" ON "logs" USING btree ("date");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_uq" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_firstname_idx" ON "users" USING btree (lower("firstname"));--> statement-breakpoint
CREATE INDEX "users_lastname_idx" ON "users" USING btree (lower("lastname"));