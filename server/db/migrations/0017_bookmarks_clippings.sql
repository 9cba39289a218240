CREATE TABLE "bookmarks" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"page_no" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "bookmarks" ADD CONSTRAINT "bookmarks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookmarks_user_issue_idx" ON "bookmarks" USING btree ("user_id","issue_id");--> statement-breakpoint
CREATE TABLE "clippings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"library_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"page_no" integer NOT NULL,
	"name" text NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"width" double precision NOT NULL,
	"height" double precision NOT NULL,
	"text" text NOT NULL,
	"text_scope" text NOT NULL,
	"share_token" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clippings_region_check" CHECK ("x" >= 0 AND "y" >= 0 AND "width" > 0 AND "height" > 0 AND "x" + "width" <= 1.000001 AND "y" + "height" <= 1.000001),
	CONSTRAINT "clippings_text_scope_check" CHECK ("text_scope" IN ('region', 'page'))
);--> statement-breakpoint
ALTER TABLE "clippings" ADD CONSTRAINT "clippings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clippings_user_issue_idx" ON "clippings" USING btree ("user_id","issue_id");--> statement-breakpoint
CREATE UNIQUE INDEX "clippings_share_token_idx" ON "clippings" USING btree ("share_token");--> statement-breakpoint
CREATE TABLE "mark_changes" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"bookmarks_changed_at" timestamp with time zone,
	"clippings_changed_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "mark_changes" ADD CONSTRAINT "mark_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
