CREATE TABLE "emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" varchar(320) NOT NULL,
	"kind" varchar(30) NOT NULL,
	"params" jsonb NOT NULL,
	"dedupe_key" varchar(200) NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_name" varchar(100);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_phone" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "guardian_phone_verified_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "emails_dedupe_key_unique" ON "emails" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "emails_pending_idx" ON "emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_phone_unique" UNIQUE("phone");