ALTER TABLE "import_jobs" ADD COLUMN "defaults" jsonb;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "stored_path" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "runner" text;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "bytes" bigint;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "pages_done" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "page_count" integer;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "import_jobs_status_idx" ON "import_jobs" USING btree ("status","id");