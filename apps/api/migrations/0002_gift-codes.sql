CREATE TABLE "gift_code_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"prefix" varchar(12) NOT NULL,
	"name" varchar(200) NOT NULL,
	"count" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gift_code_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"gift_code_id" uuid NOT NULL,
	"batch_id" uuid,
	"user_id" uuid NOT NULL,
	"ip" varchar(64),
	"claimed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_code_claims_once_per_player" UNIQUE("gift_code_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "gift_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(40) NOT NULL,
	"name" varchar(200) NOT NULL,
	"rewards" jsonb NOT NULL,
	"max_uses" integer,
	"uses_count" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"new_player_only" boolean DEFAULT false NOT NULL,
	"allowed_short_ids" varchar(10)[] DEFAULT '{}'::varchar[] NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"batch_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gift_codes_uses_within_max" CHECK ("gift_codes"."uses_count" >= 0 AND ("gift_codes"."max_uses" IS NULL OR "gift_codes"."uses_count" <= "gift_codes"."max_uses"))
);
--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_claims" ADD CONSTRAINT "gift_code_claims_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_claims" ADD CONSTRAINT "gift_code_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_batch_id_gift_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_code_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_claims_once_per_batch" ON "gift_code_claims" USING btree ("batch_id","user_id") WHERE "gift_code_claims"."batch_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_code_claims_user_idx" ON "gift_code_claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_code_lower_unique" ON "gift_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "gift_codes_batch_idx" ON "gift_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "gift_codes_created_idx" ON "gift_codes" USING btree ("created_at");