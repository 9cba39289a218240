-- Readable in seconds (issue 28): an imported issue's rows commit before its pages are drawn. A page not yet drawn
-- (drawn_at null) is drawn in the background, first pages first, or on a member's request; a claim keeps two
-- instances from drawing one page twice. Rows made otherwise (the demo seed) are drawn as they are written.
ALTER TABLE "issue_pages" ADD COLUMN "drawn_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
ALTER TABLE "issue_pages" ADD COLUMN "draw_claimed_at" timestamp with time zone;
--> statement-breakpoint
-- Which process holds the claim (host:pid): a claim of a process gone from this host is let go at once.
ALTER TABLE "issue_pages" ADD COLUMN "draw_claimed_by" text;
--> statement-breakpoint
CREATE INDEX "issue_pages_undrawn_idx" ON "issue_pages" ("issue_id", "page_no") WHERE "drawn_at" IS NULL;
--> statement-breakpoint
-- Every page drawn (null while some are not); the original PDF's key in the media storage; the suffix of the cover's
-- and story pictures' folders the drawing writes (a redraw changes it, so their addresses change with their images).
ALTER TABLE "issues" ADD COLUMN "pages_drawn_at" timestamp with time zone DEFAULT now();
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "original_key" text;
--> statement-breakpoint
ALTER TABLE "issues" ADD COLUMN "draw_version" text;
--> statement-breakpoint
CREATE INDEX "issues_undrawn_idx" ON "issues" ("id") WHERE "pages_drawn_at" IS NULL;
