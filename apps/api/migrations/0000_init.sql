CREATE TYPE "public"."role" AS ENUM('player', 'staff', 'admin');--> statement-breakpoint
CREATE TYPE "public"."mail_status" AS ENUM('pending', 'delivered', 'dead');--> statement-breakpoint
CREATE TYPE "public"."news_category" AS ENUM('updates', 'events', 'maintenance');--> statement-breakpoint
CREATE TYPE "public"."ticket_status" AS ENUM('PROCESSING', 'PROCESSED');--> statement-breakpoint
CREATE TYPE "public"."bank_event_match" AS ENUM('credited', 'overpaid', 'late', 'unmatched', 'wrong_account', 'outgoing', 'invalid');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('bank', 'manual');--> statement-breakpoint
CREATE TYPE "public"."order_paid_by" AS ENUM('bank', 'staff', 'grant');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('initial', 'done');--> statement-breakpoint
CREATE TABLE "identities" (
	"provider" varchar(20) NOT NULL,
	"subject" varchar(255) NOT NULL,
	"user_id" uuid NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "identities_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"device_id" varchar(200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"short_id" varchar(10) NOT NULL,
	"username" varchar(200),
	"password_hash" text,
	"display_name" varchar(100) NOT NULL,
	"avatar" text,
	"email" varchar(320),
	"email_verified_at" timestamp with time zone,
	"role" "role" DEFAULT 'player' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_short_id_unique" UNIQUE("short_id")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"action" varchar(100) NOT NULL,
	"target_type" varchar(50) NOT NULL,
	"target_id" text,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"receiver_id" uuid NOT NULL,
	"receiver_short_id" varchar(10) NOT NULL,
	"title" varchar(200) NOT NULL,
	"items" jsonb NOT NULL,
	"source" varchar(30) NOT NULL,
	"source_id" text NOT NULL,
	"status" "mail_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "mails_source_unique" UNIQUE("source","source_id")
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" varchar(120) NOT NULL,
	"title" varchar(200) NOT NULL,
	"summary" varchar(500) DEFAULT '' NOT NULL,
	"cover_image" varchar(300) NOT NULL,
	"body" text NOT NULL,
	"category" "news_category" NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "news_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "used_authorization_codes" (
	"provider" varchar(20) NOT NULL,
	"code_hash" varchar(64) PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ticket_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"ticket_id" uuid NOT NULL,
	"author_id" uuid,
	"name" varchar(100) NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer GENERATED ALWAYS AS IDENTITY (sequence name "tickets_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 100001 CACHE 1),
	"user_id" uuid NOT NULL,
	"short_id" varchar(10) NOT NULL,
	"type" varchar(5) NOT NULL,
	"incident_time" varchar(200) NOT NULL,
	"device" varchar(200) NOT NULL,
	"title" varchar(200) NOT NULL,
	"title_folded" varchar(400) NOT NULL,
	"description" text NOT NULL,
	"status" "ticket_status" DEFAULT 'PROCESSING' NOT NULL,
	"files_url" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_id" uuid NOT NULL,
	"folder" varchar(30) NOT NULL,
	"name" varchar(64) NOT NULL,
	"content_type" varchar(30) NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "bank_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_id" varchar(40) NOT NULL,
	"order_id" uuid,
	"amount" integer DEFAULT 0 NOT NULL,
	"transfer_type" varchar(10),
	"account_number" varchar(40),
	"content" text,
	"reference_code" varchar(100),
	"match" "bank_event_match" NOT NULL,
	"transaction_date" timestamp with time zone,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"review_note" text,
	CONSTRAINT "bank_events_provider_unique" UNIQUE("provider","provider_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" varchar(25) NOT NULL,
	"kind" "order_kind" DEFAULT 'bank' NOT NULL,
	"product_id" integer NOT NULL,
	"product_title" varchar(200) NOT NULL,
	"total_price" integer NOT NULL,
	"items" jsonb NOT NULL,
	"accumulated_amount" integer DEFAULT 0 NOT NULL,
	"status" "order_status" DEFAULT 'initial' NOT NULL,
	"receiver_id" uuid NOT NULL,
	"buyer_id" uuid,
	"limit_key" varchar(40),
	"limit_period" varchar(10),
	"limit_released_at" timestamp with time zone,
	"paid_by" "order_paid_by",
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mails" ADD CONSTRAINT "mails_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticket_replies" ADD CONSTRAINT "ticket_replies_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_batches" ADD CONSTRAINT "gift_code_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_claims" ADD CONSTRAINT "gift_code_claims_gift_code_id_gift_codes_id_fk" FOREIGN KEY ("gift_code_id") REFERENCES "public"."gift_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_code_claims" ADD CONSTRAINT "gift_code_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_batch_id_gift_code_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."gift_code_batches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_codes" ADD CONSTRAINT "gift_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_events" ADD CONSTRAINT "bank_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_events" ADD CONSTRAINT "bank_events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_user_provider_idx" ON "identities" USING btree ("user_id","provider");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_username_lower_idx" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audit_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "mails_pending_idx" ON "mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "mails_receiver_idx" ON "mails" USING btree ("receiver_id");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published","published_at");--> statement-breakpoint
CREATE INDEX "used_authorization_codes_used_at_idx" ON "used_authorization_codes" USING btree ("used_at");--> statement-breakpoint
CREATE INDEX "ticket_replies_ticket_idx" ON "ticket_replies" USING btree ("ticket_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "tickets_status_idx" ON "tickets" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_code_claims_once_per_batch" ON "gift_code_claims" USING btree ("batch_id","user_id") WHERE "gift_code_claims"."batch_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "gift_code_claims_user_idx" ON "gift_code_claims" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_codes_code_lower_unique" ON "gift_codes" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "gift_codes_batch_idx" ON "gift_codes" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "gift_codes_created_idx" ON "gift_codes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bank_events_order_idx" ON "bank_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_events_review_idx" ON "bank_events" USING btree ("match","received_at");--> statement-breakpoint
CREATE INDEX "orders_receiver_idx" ON "orders" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_limit_idx" ON "orders" USING btree ("receiver_id","limit_key","limit_period") WHERE "orders"."limit_key" is not null;