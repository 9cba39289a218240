ALTER TABLE "import_jobs" ADD COLUMN "tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "max_tries" integer;--> statement-breakpoint
ALTER TABLE "import_jobs" ADD COLUMN "next_try_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "import_jobs" DROP COLUMN "runner";--> statement-breakpoint
CREATE TABLE "job_runners" (
	"worker_id" text PRIMARY KEY NOT NULL,
	"instance" text NOT NULL,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "job_runners_seen_idx" ON "job_runners" USING btree ("seen_at");
