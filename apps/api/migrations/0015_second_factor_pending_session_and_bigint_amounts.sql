ALTER TABLE "approval_requests" ALTER COLUMN "amount" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "second_factors" ADD COLUMN "pending_session_id" uuid;--> statement-breakpoint
ALTER TABLE "second_factors" ADD CONSTRAINT "second_factors_pending_session_id_sessions_id_fk" FOREIGN KEY ("pending_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;