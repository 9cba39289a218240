-- A library may let its members download issues' original PDFs from its OPDS catalogues (off until it turns it on),
-- and each original's partial MD5 is KOReader's document key for progress sync. Originals kept before this column get
-- theirs on the first sync that misses (server/opds/partial-md5.ts): SQL cannot read the media storage.
ALTER TABLE "libraries" ADD COLUMN "pdf_download" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "partial_md5" text;--> statement-breakpoint
CREATE INDEX "issues_partial_md5_idx" ON "issues" USING btree ("partial_md5") WHERE "issues"."partial_md5" IS NOT NULL;
