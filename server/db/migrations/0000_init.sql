CREATE TABLE "access_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"code" text NOT NULL,
	"days" integer DEFAULT 365 NOT NULL,
	"uses_left" integer DEFAULT 1 NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"logo1" text DEFAULT '' NOT NULL,
	"logo2" text DEFAULT '' NOT NULL,
	"logo3" text DEFAULT '' NOT NULL,
	"logo_banner1" text DEFAULT '' NOT NULL,
	"logo_banner2" text DEFAULT '' NOT NULL,
	"logo_banner3" text DEFAULT '' NOT NULL,
	"exclude_cat" text DEFAULT '0' NOT NULL,
	"age_rate" integer DEFAULT 0 NOT NULL,
	"is_newspaper" integer DEFAULT 1 NOT NULL,
	"is_journal" integer DEFAULT 1 NOT NULL,
	"is_mycontent" integer DEFAULT 0 NOT NULL,
	"guest_access" boolean DEFAULT false NOT NULL,
	"guest_days" integer DEFAULT 30 NOT NULL,
	"hide_profile" boolean DEFAULT false NOT NULL,
	"card_mode" text DEFAULT 'none' NOT NULL,
	"sip2_host" text,
	"sip2_port" integer,
	"sip2_institution" text,
	"oidc_issuer" text,
	"oidc_client_id" text,
	"oidc_client_secret" text,
	"support_email" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"card_hash" text NOT NULL,
	"pin_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"user_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memberships_pk" PRIMARY KEY("user_id","library_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_story_categories" (
	"user_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_story_categories_pk" PRIMARY KEY("user_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "favourites" (
	"user_id" integer NOT NULL,
	"magazine_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourites_pk" PRIMARY KEY("user_id","magazine_id")
);
--> statement-breakpoint
CREATE TABLE "reading_progress" (
	"user_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"page" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reading_progress_pk" PRIMARY KEY("user_id","issue_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"email" text,
	"mobile" text,
	"password_hash" text,
	"uploaded_id" text DEFAULT '' NOT NULL,
	"user_type" text DEFAULT 'member' NOT NULL,
	"guest_uid" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"issue_id" integer NOT NULL,
	"page_no" integer NOT NULL,
	"image_path" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"text" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issues" (
	"id" integer PRIMARY KEY NOT NULL,
	"magazine_id" integer NOT NULL,
	"name" text NOT NULL,
	"issue_date" date NOT NULL,
	"is_special" boolean DEFAULT false NOT NULL,
	"page_count" integer DEFAULT 0 NOT NULL,
	"cover_path" text NOT NULL,
	"cover_width" integer NOT NULL,
	"cover_height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"cc" text DEFAULT 'IN' NOT NULL,
	"store_id" integer DEFAULT 1 NOT NULL,
	"sort_order" integer DEFAULT 1000 NOT NULL,
	"search_config" text DEFAULT 'simple' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "magazine_lists" (
	"list" text NOT NULL,
	"magazine_id" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "magazine_lists_pk" PRIMARY KEY("list","magazine_id")
);
--> statement-breakpoint
CREATE TABLE "magazines" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"publisher" text DEFAULT '' NOT NULL,
	"category_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"store_id" integer DEFAULT 1 NOT NULL,
	"is_gold" boolean DEFAULT false NOT NULL,
	"age_rating" integer DEFAULT 3 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stories" (
	"id" serial PRIMARY KEY NOT NULL,
	"magazine_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"language_code" text DEFAULT 'en' NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"short_desc" text DEFAULT '' NOT NULL,
	"time_read" integer DEFAULT 60 NOT NULL,
	"canon_url" text NOT NULL,
	"slug" text NOT NULL,
	"image_path" text DEFAULT '' NOT NULL,
	"keywords" text[] DEFAULT '{}' NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"is_shoppable" boolean DEFAULT false NOT NULL,
	"is_news" boolean DEFAULT false NOT NULL,
	"page_no" integer DEFAULT 1 NOT NULL,
	"age_rating" integer DEFAULT 3 NOT NULL,
	"popularity" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_reads" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"story_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "story_translations" (
	"story_id" integer NOT NULL,
	"language_code" text NOT NULL,
	"title" text NOT NULL,
	"subtitle" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"file_path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_translations_pk" PRIMARY KEY("story_id","language_code")
);
--> statement-breakpoint
CREATE TABLE "one_time_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"target" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reader_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"jti" text NOT NULL,
	"user_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email_id" text NOT NULL,
	"user_name" text NOT NULL,
	"message" text NOT NULL,
	"institution_name" text NOT NULL,
	"designation" text NOT NULL,
	"mobile" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"message" text NOT NULL,
	"library_id" integer,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_cards" ADD CONSTRAINT "library_cards_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_story_categories" ADD CONSTRAINT "favourite_story_categories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourites" ADD CONSTRAINT "favourites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reading_progress" ADD CONSTRAINT "reading_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_pages" ADD CONSTRAINT "issue_pages_issue_id_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."issues"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issues" ADD CONSTRAINT "issues_magazine_id_magazines_id_fk" FOREIGN KEY ("magazine_id") REFERENCES "public"."magazines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazine_lists" ADD CONSTRAINT "magazine_lists_magazine_id_magazines_id_fk" FOREIGN KEY ("magazine_id") REFERENCES "public"."magazines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazines" ADD CONSTRAINT "magazines_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "magazines" ADD CONSTRAINT "magazines_language_code_languages_code_fk" FOREIGN KEY ("language_code") REFERENCES "public"."languages"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_translations" ADD CONSTRAINT "story_translations_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_codes_code_idx" ON "access_codes" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "library_cards_library_card_idx" ON "library_cards" USING btree ("library_id","card_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_uuid_idx" ON "users" USING btree ("uuid");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "users_mobile_idx" ON "users" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "users_guest_uid_idx" ON "users" USING btree ("guest_uid");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "categories_sort_idx" ON "categories" USING btree ("sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "issue_pages_issue_page_idx" ON "issue_pages" USING btree ("issue_id","page_no");--> statement-breakpoint
CREATE INDEX "issues_magazine_date_idx" ON "issues" USING btree ("magazine_id","issue_date");--> statement-breakpoint
CREATE INDEX "languages_sort_idx" ON "languages" USING btree ("sort_order");--> statement-breakpoint
CREATE INDEX "magazine_lists_rank_idx" ON "magazine_lists" USING btree ("list","rank");--> statement-breakpoint
CREATE UNIQUE INDEX "magazines_slug_idx" ON "magazines" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "magazines_category_idx" ON "magazines" USING btree ("category_id","popularity");--> statement-breakpoint
CREATE INDEX "magazines_language_idx" ON "magazines" USING btree ("language_code","popularity");--> statement-breakpoint
CREATE UNIQUE INDEX "stories_canon_url_idx" ON "stories" USING btree ("canon_url");--> statement-breakpoint
CREATE INDEX "stories_category_idx" ON "stories" USING btree ("category_id","published_at");--> statement-breakpoint
CREATE INDEX "stories_magazine_idx" ON "stories" USING btree ("magazine_id","published_at");--> statement-breakpoint
CREATE INDEX "stories_issue_idx" ON "stories" USING btree ("issue_id");--> statement-breakpoint
CREATE INDEX "stories_cover_idx" ON "stories" USING btree ("is_cover","published_at");--> statement-breakpoint
CREATE INDEX "stories_published_idx" ON "stories" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "story_reads_user_idx" ON "story_reads" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "story_translations_file_idx" ON "story_translations" USING btree ("file_path");--> statement-breakpoint
CREATE UNIQUE INDEX "one_time_codes_target_idx" ON "one_time_codes" USING btree ("channel","target");--> statement-breakpoint
CREATE INDEX "outbox_created_idx" ON "outbox" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reader_codes_jti_idx" ON "reader_codes" USING btree ("jti");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");