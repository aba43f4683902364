CREATE TABLE "devices"."meter_readings" (
	"gateway_id" text NOT NULL,
	"read_at" timestamp with time zone NOT NULL,
	"voltage" jsonb NOT NULL,
	"current" jsonb NOT NULL,
	"power_w" double precision NOT NULL,
	"brightness" double precision,
	CONSTRAINT "meter_readings_gateway_id_read_at_pk" PRIMARY KEY("gateway_id","read_at")
);
--> statement-breakpoint
ALTER TABLE "devices"."meter_readings" ADD CONSTRAINT "meter_readings_gateway_id_gateways_id_fk" FOREIGN KEY ("gateway_id") REFERENCES "devices"."gateways"("id") ON DELETE cascade ON UPDATE no action;