CREATE TABLE "usage_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"library_id" integer NOT NULL,
	"title_id" integer NOT NULL,
	"issue_id" integer NOT NULL,
	"story_id" integer,
	"page_no" integer,
	"kind" text NOT NULL,
	"session_hash" text NOT NULL,
	"last_click_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "usage_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_events_library_day_idx" ON "usage_events" USING btree ("library_id","day");--> statement-breakpoint
CREATE INDEX "usage_events_click_idx" ON "usage_events" USING btree ("session_hash","kind","issue_id");