-- A console upload may ask to replace the issue of its title and date (or number) that another file was imported as,
-- as `npm run import -- --replace` does; kept on the upload so every try of its import, and a retry, asks the same.
ALTER TABLE "import_jobs" ADD COLUMN "replace" boolean DEFAULT false NOT NULL;
