CREATE TABLE "account_link_steps" (
	"handle_hash" varchar(64) PRIMARY KEY NOT NULL,
	"step" smallint NOT NULL,
	"provider" varchar(20) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "account_link_steps" ADD CONSTRAINT "account_link_steps_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_link_steps_expires_at_idx" ON "account_link_steps" USING btree ("expires_at");