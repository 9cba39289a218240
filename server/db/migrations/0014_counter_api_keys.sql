CREATE TABLE "counter_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"requestor_id" text NOT NULL,
	"key_hash" text NOT NULL,
	"label" text NOT NULL,
	"ip_allow_list" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);--> statement-breakpoint
ALTER TABLE "counter_api_keys" ADD CONSTRAINT "counter_api_keys_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "counter_api_keys_requestor_idx" ON "counter_api_keys" USING btree ("requestor_id");--> statement-breakpoint
CREATE INDEX "counter_api_keys_library_idx" ON "counter_api_keys" USING btree ("library_id");
