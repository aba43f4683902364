CREATE SCHEMA IF NOT EXISTS "devices";
--> statement-breakpoint
CREATE TABLE "devices"."accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"admin" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"gateway_id" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."commands" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway_id" text NOT NULL,
	"command" text NOT NULL,
	"payload" jsonb NOT NULL,
	"account_id" text,
	"user_name" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"sends" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."programs" (
	"id" text PRIMARY KEY NOT NULL,
	"gateway_id" text NOT NULL,
	"user_defined_time" text NOT NULL,
	"brightness" integer NOT NULL,
	"monday" boolean DEFAULT false NOT NULL,
	"tuesday" boolean DEFAULT false NOT NULL,
	"wednesday" boolean DEFAULT false NOT NULL,
	"thursday" boolean DEFAULT false NOT NULL,
	"friday" boolean DEFAULT false NOT NULL,
	"saturday" boolean DEFAULT false NOT NULL,
	"sunday" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."gateways" (
	"id" text PRIMARY KEY NOT NULL,
	"mac_addr" text NOT NULL,
	"device_name" text NOT NULL,
	"device_description" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"map_lat" double precision,
	"map_lng" double precision,
	"time_zone" text DEFAULT 'Europe/Istanbul' NOT NULL,
	"key_hash" text NOT NULL,
	"status" text DEFAULT 'offline' NOT NULL,
	"websocket_port" integer,
	"root_mesh_ip" text DEFAULT '' NOT NULL,
	"meter_voltage" text DEFAULT '' NOT NULL,
	"meter_current" text DEFAULT '' NOT NULL,
	"meter_read_at" timestamp with time zone,
	"last_seen" timestamp with time zone,
	"programs_revision" integer DEFAULT 0 NOT NULL,
	"programs_acked" integer DEFAULT -1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices"."mesh_items" (
	"gateway_id" text NOT NULL,
	"mac_addr" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"rssi" integer DEFAULT 0 NOT NULL,
	"version" text DEFAULT '' NOT NULL,
	"brightness" integer DEFAULT 0 NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"map_lat" double precision,
	"map_lng" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mesh_items_gateway_id_mac_addr_pk" PRIMARY KEY("gateway_id","mac_addr")
);
--> statement-breakpoint
ALTER TABLE "devices"."commands" ADD CONSTRAINT "commands_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "devices"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices"."programs" ADD CONSTRAINT "programs_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "devices"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices"."mesh_items" ADD CONSTRAINT "mesh_items_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "devices"."gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_email_uq" ON "devices"."accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "logs_at_idx" ON "devices"."logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "commands_gateway_created_idx" ON "devices"."commands" USING btree ("gateway_id","created_at");--> statement-breakpoint
CREATE INDEX "commands_open_idx" ON "devices"."commands" USING btree ("status","gateway_id");--> statement-breakpoint
CREATE INDEX "programs_gateway_idx" ON "devices"."programs" USING btree ("gateway_id","user_defined_time");--> statement-breakpoint
CREATE UNIQUE INDEX "gateways_mac_uq" ON "devices"."gateways" USING btree ("mac_addr");--> statement-breakpoint
CREATE INDEX "gateways_name_idx" ON "devices"."gateways" USING btree ("device_name");