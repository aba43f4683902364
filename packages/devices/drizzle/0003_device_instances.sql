CREATE TABLE "devices"."instances" (
	"id" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "devices"."commands" ADD COLUMN "sent_by" text;--> statement-breakpoint
ALTER TABLE "devices"."gateways" ADD COLUMN "linked_to" text;