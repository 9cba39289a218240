ALTER TABLE "issue_pages" ADD COLUMN "is_spread" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "issue_number" text;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "source_file" text;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "content_hash" text;--> statement-breakpoint
ALTER TABLE "magazines" ADD COLUMN "issn" text;--> statement-breakpoint
CREATE UNIQUE INDEX "magazines_issn_idx" ON "magazines" USING btree ("issn");