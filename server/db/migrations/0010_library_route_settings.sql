ALTER TABLE "libraries" ADD COLUMN "temp_routes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "callback_after_guest" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "open_catalogue" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "libraries_open_catalogue_idx" ON "libraries" USING btree ("open_catalogue") WHERE "libraries"."open_catalogue";--> statement-breakpoint
-- The spec's two library ids keep working as settings: 2083 reads under /q/temp and is the open catalogue's library, 2766 goes back to the callback after a guest sign-in.
UPDATE "libraries" SET "temp_routes" = true, "open_catalogue" = true WHERE "id" = 2083;--> statement-breakpoint
UPDATE "libraries" SET "callback_after_guest" = true WHERE "id" = 2766;
