CREATE TYPE "public"."alert_event_kind" AS ENUM('started', 'ended');--> statement-breakpoint
CREATE TABLE "activity_counts" (
	"name" varchar(30) NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "activity_counts_name_minute_pk" PRIMARY KEY("name","minute")
);
--> statement-breakpoint
CREATE TABLE "alert_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule" varchar(40) NOT NULL,
	"kind" "alert_event_kind" NOT NULL,
	"detail" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"channels_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	"sending_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "alert_states" (
	"rule" varchar(40) PRIMARY KEY NOT NULL,
	"firing" boolean DEFAULT false NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "heartbeats" (
	"name" varchar(40) PRIMARY KEY NOT NULL,
	"beat_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_feed_state" ADD COLUMN "last_succeeded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "alert_events_at_idx" ON "alert_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "alert_events_unsent_idx" ON "alert_events" USING btree ("at") WHERE "alert_events"."sent_at" is null;