CREATE TABLE "dlms_items" (
	"dlms_id" serial PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"type" integer NOT NULL,
	"class_id" integer NOT NULL,
	"obis" text NOT NULL,
	"attribute_method" text,
	"entry" text,
	"format" text,
	"analysis_format" text,
	"analysis_prefix" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"type_names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"names" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"remark" text,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	"update_id" text,
	"update_date" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "dlms_items_key" ON "dlms_items" USING btree ("version","type","obis");
