ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE text;--> statement-breakpoint
-- Decision record 028: today's "staff" could read everything and work the bank payments. Least
-- privilege maps it to "support" (tickets, reading players and orders); an admin grants "finance" or
-- "content" to whoever does that job.
UPDATE "users" SET "role" = 'support' WHERE "role" = 'staff';--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'player'::text;--> statement-breakpoint
DROP TYPE "public"."role";--> statement-breakpoint
CREATE TYPE "public"."role" AS ENUM('player', 'support', 'finance', 'content', 'admin');--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DEFAULT 'player'::"public"."role";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "role" SET DATA TYPE "public"."role" USING "role"::"public"."role";