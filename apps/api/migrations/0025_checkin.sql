CREATE TABLE "checkin_calendars" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"day" date NOT NULL,
	"streak" integer NOT NULL,
	"calendar_day" integer NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkin_claims_user_day_unique" UNIQUE("user_id","day"),
	CONSTRAINT "checkin_claims_streak_positive" CHECK ("checkin_claims"."streak" >= 1 and "checkin_claims"."calendar_day" >= 1)
);
--> statement-breakpoint
ALTER TABLE "checkin_claims" ADD CONSTRAINT "checkin_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkin_claims_day_idx" ON "checkin_claims" USING btree ("day");