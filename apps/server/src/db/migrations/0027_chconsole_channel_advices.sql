-- What each channel purchase went through after its sale (confirmations, reversals, retries, reprints),
-- accepted or refused: the revenue office reads a purchase's history from it when a vendor disputes one.
CREATE TABLE IF NOT EXISTS "channel_advices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"vendor_id" text NOT NULL,
	"message_id" text NOT NULL,
	"advice_kind" text NOT NULL,
	"advice_id" text,
	"outcome" text NOT NULL,
	"reason" text,
	"create_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "channel_advices_message_idx" ON "channel_advices" USING btree ("vendor_id","message_id","id");
