CREATE TABLE "usage_searches" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"library_id" integer NOT NULL,
	"session_hash" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "usage_searches_library_day_idx" ON "usage_searches" USING btree ("library_id","day");