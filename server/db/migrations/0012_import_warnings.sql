ALTER TABLE "issues" ADD COLUMN "date_to_check" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "warnings" jsonb;
