CREATE TYPE "public"."bank_event_match" AS ENUM('credited', 'overpaid', 'late', 'unmatched', 'wrong_account', 'outgoing', 'invalid');--> statement-breakpoint
CREATE TYPE "public"."order_kind" AS ENUM('bank', 'manual');--> statement-breakpoint
CREATE TYPE "public"."order_paid_by" AS ENUM('bank', 'staff', 'grant');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('initial', 'done');--> statement-breakpoint
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
ALTER TABLE "bank_events" ADD CONSTRAINT "bank_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_events" ADD CONSTRAINT "bank_events_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_receiver_id_users_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_events_order_idx" ON "bank_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bank_events_review_idx" ON "bank_events" USING btree ("match","received_at");--> statement-breakpoint
CREATE INDEX "orders_receiver_idx" ON "orders" USING btree ("receiver_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "orders_limit_idx" ON "orders" USING btree ("receiver_id","limit_key","limit_period") WHERE "orders"."limit_key" is not null;