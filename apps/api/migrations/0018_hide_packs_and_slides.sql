ALTER TABLE "packs" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "home_slides" ADD COLUMN "hidden_at" timestamp with time zone;