CREATE TABLE "authorization_proofs" (
	"session_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"digest" text NOT NULL,
	"hash_tag" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "authorization_proofs" ADD CONSTRAINT "authorization_proofs_session_id_sessions_session_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("session_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "authorization_proofs_user_idx" ON "authorization_proofs" USING btree ("user_id");