CREATE TABLE "used_authorization_codes" (
	"provider" varchar(20) NOT NULL,
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "identities_user_idx";--> statement-breakpoint
CREATE INDEX "used_authorization_codes_used_at_idx" ON "used_authorization_codes" USING btree ("used_at");--> statement-breakpoint
CREATE UNIQUE INDEX "identities_user_provider_idx" ON "identities" USING btree ("user_id","provider");