ALTER TABLE "sessions" ADD COLUMN "user_agent" varchar(500);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "address" varchar(64);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A session from before this column was last seen, as far as we know, when it was made.
UPDATE "sessions" SET "last_seen_at" = "created_at";
