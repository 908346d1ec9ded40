CREATE TABLE "vip_gifts" (
	"user_id" uuid NOT NULL,
	"month" char(7) NOT NULL,
	"tier_id" integer NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vip_gifts_user_id_month_tier_id_pk" PRIMARY KEY("user_id","month","tier_id")
);
--> statement-breakpoint
CREATE TABLE "vip_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"draft" jsonb NOT NULL,
	"published" jsonb,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vip_gifts" ADD CONSTRAINT "vip_gifts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_gifts" ADD CONSTRAINT "vip_gifts_tier_id_vip_tiers_id_fk" FOREIGN KEY ("tier_id") REFERENCES "public"."vip_tiers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vip_gifts" ADD CONSTRAINT "vip_gifts_mail_id_mails_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mails"("id") ON DELETE no action ON UPDATE no action;