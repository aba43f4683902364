CREATE TABLE "files" (
	"id" text PRIMARY KEY NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"bytes" "bytea" NOT NULL,
	"small" "bytea",
	"small_mime" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" text PRIMARY KEY NOT NULL,
	"model" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"image" text NOT NULL,
	"smallimage" text DEFAULT '' NOT NULL,
	"description" text NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "images_date_idx" ON "images" USING btree ("date");--> statement-breakpoint
CREATE INDEX "images_model_idx" ON "images" USING gin ("model" jsonb_path_ops);