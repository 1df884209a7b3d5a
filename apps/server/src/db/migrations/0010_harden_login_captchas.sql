CREATE TABLE "login_captchas" (
	"captcha_id" text PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"ip_address" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "login_captchas_address_idx" ON "login_captchas" USING btree ("ip_address","expires_at");