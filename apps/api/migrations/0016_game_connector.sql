CREATE TYPE "public"."game_item_kind" AS ENUM('currency', 'consumable', 'equipment', 'cosmetic', 'card', 'other');--> statement-breakpoint
CREATE TABLE "game_calls_seen" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_characters" (
	"user_id" uuid NOT NULL,
	"server_id" varchar(64) NOT NULL,
	"server_name" varchar(100) NOT NULL,
	"character_id" varchar(64) NOT NULL,
	"name" varchar(100) NOT NULL,
	"level" integer NOT NULL,
	CONSTRAINT "game_characters_user_id_server_id_character_id_pk" PRIMARY KEY("user_id","server_id","character_id")
);
--> statement-breakpoint
CREATE TABLE "game_items" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"kind" "game_item_kind" NOT NULL,
	"icon" varchar(500),
	"listed" boolean DEFAULT true NOT NULL,
	"refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "game_sign_in_links" (
	"token_hash" varchar(64) PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"path" varchar(200) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "game_player_id" varchar(64);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "banned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mails" ADD COLUMN "character" jsonb;--> statement-breakpoint
ALTER TABLE "gift_code_claims" ADD COLUMN "character" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "character" jsonb;--> statement-breakpoint
ALTER TABLE "game_characters" ADD CONSTRAINT "game_characters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_sign_in_links" ADD CONSTRAINT "game_sign_in_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_calls_seen_at_idx" ON "game_calls_seen" USING btree ("seen_at");--> statement-breakpoint
CREATE INDEX "game_sign_in_links_expiry_idx" ON "game_sign_in_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_game_player_id_unique" UNIQUE("game_player_id");