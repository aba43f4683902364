CREATE TABLE "order_operation_wip" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_operation_wip_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"operation" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"started" integer DEFAULT 0 NOT NULL,
	"units" numeric DEFAULT '0' NOT NULL
);
--> statement-breakpoint
ALTER TABLE "materials" ADD COLUMN "last_movement_at" timestamp with time zone;