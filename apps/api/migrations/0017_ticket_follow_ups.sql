ALTER TABLE "ticket_replies" ADD COLUMN "from_player" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD COLUMN "files_url" jsonb DEFAULT '[]'::jsonb NOT NULL;