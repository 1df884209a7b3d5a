CREATE TABLE "key_transport_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"public_key_pem" text NOT NULL,
	"key_enc" text NOT NULL,
	"create_id" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "key_transport_keys_fingerprint_unique" UNIQUE("fingerprint")
);
