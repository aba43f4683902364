ALTER TABLE "logs" ADD COLUMN "title_key" text;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "description_key" text;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "params" jsonb DEFAULT '{}'::jsonb NOT NULL;