ALTER TABLE "magazines" ADD COLUMN "online_issn" text;--> statement-breakpoint
CREATE UNIQUE INDEX "magazines_online_issn_idx" ON "magazines" USING btree ("online_issn");--> statement-breakpoint
CREATE TABLE "library_feed_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"label" text NOT NULL,
	"key_hash" text NOT NULL,
	"key_hint" text NOT NULL,
	"created_by" integer,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "library_feed_keys" ADD CONSTRAINT "library_feed_keys_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "library_feed_keys_hash_idx" ON "library_feed_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "library_feed_keys_library_idx" ON "library_feed_keys" USING btree ("library_id");--> statement-breakpoint
CREATE TABLE "library_catalogue_records" (
	"library_id" integer NOT NULL,
	"magazine_id" integer NOT NULL,
	"title" text NOT NULL,
	"record_hash" text NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"changed_at" timestamp with time zone NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "library_catalogue_records_pk" PRIMARY KEY("library_id","magazine_id")
);--> statement-breakpoint
ALTER TABLE "library_catalogue_records" ADD CONSTRAINT "library_catalogue_records_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;
