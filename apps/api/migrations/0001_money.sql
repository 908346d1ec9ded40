ALTER TYPE "public"."bank_event_match" ADD VALUE 'limit_reached';--> statement-breakpoint
ALTER TYPE "public"."bank_event_match" ADD VALUE 'cancelled';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'held';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'cancelled';--> statement-breakpoint
CREATE TABLE "bank_feed_state" (
	"id" integer PRIMARY KEY NOT NULL,
	"since_id" varchar(64),
	"lease_until" timestamp with time zone,
	"last_started_at" timestamp with time zone,
	"last_finished_at" timestamp with time zone,
	"last_seen" integer DEFAULT 0 NOT NULL,
	"last_recorded" integer DEFAULT 0 NOT NULL,
	"last_error" text
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bank_event_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"bank_reference" varchar(100) NOT NULL,
	"reason" text NOT NULL,
	"actor_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_events" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "accumulated_amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "bank_events" ADD COLUMN "credited_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_events" ADD COLUMN "transfer_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_bank_event_id_bank_events_id_fk" FOREIGN KEY ("bank_event_id") REFERENCES "public"."bank_events"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "refunds_event_idx" ON "refunds" USING btree ("bank_event_id");--> statement-breakpoint
CREATE INDEX "refunds_created_idx" ON "refunds" USING btree ("created_at");--> statement-breakpoint
-- Events stored before this migration: what paid for a pack, and their transfer keys (the first of equals).
UPDATE "bank_events" SET "credited_amount" = "amount" WHERE "match" = 'credited';--> statement-breakpoint
UPDATE "bank_events" be SET "credited_amount" = GREATEST(be."amount" - (o."accumulated_amount" - o."total_price"), 0)
  FROM "orders" o WHERE be."order_id" = o."id" AND be."match" = 'overpaid';--> statement-breakpoint
UPDATE "bank_events" be SET "transfer_key" = k."key" FROM (
  SELECT "id", "account_number" || '|' || "reference_code" || '|' || "amount" AS "key",
    row_number() OVER (PARTITION BY "account_number", "reference_code", "amount" ORDER BY "received_at") AS "n"
  FROM "bank_events" WHERE "transfer_type" = 'in' AND "reference_code" IS NOT NULL AND "account_number" IS NOT NULL
) k WHERE be."id" = k."id" AND k."n" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_events_transfer_key_unique" ON "bank_events" USING btree ("transfer_key");