-- The search module's indexes (server/search/). Written by hand: Drizzle cannot express triggers, GIN operator
-- classes or an extension, and the tsvector columns stay out of the Drizzle schema on purpose, so that selecting
-- a whole magazine, story or page row never ships its search vector.
--
-- Each searchable row carries a weighted tsvector (title over text) built with its content language's
-- text-search configuration (languages.search_config; 'simple' where PostgreSQL has none). Triggers keep it
-- current; search_terms holds the words of titles for typo correction with pg_trgm.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- search_config records the configuration the vector was built with, so highlights parse the text the same way.
ALTER TABLE "magazines" ADD COLUMN "search_vector" tsvector, ADD COLUMN "search_config" regconfig;
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "search_vector" tsvector, ADD COLUMN "search_config" regconfig;
--> statement-breakpoint
ALTER TABLE "issue_pages" ADD COLUMN "search_vector" tsvector, ADD COLUMN "search_config" regconfig;
--> statement-breakpoint
CREATE TABLE "search_terms" ("term" text PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);
--> statement-breakpoint
-- The configuration a language is searched with; an unknown language or configuration falls back to 'simple'.
CREATE FUNCTION search_config_for(language text) RETURNS regconfig LANGUAGE sql STABLE AS $$
  SELECT coalesce(
    (SELECT c.oid::regconfig FROM languages l JOIN pg_ts_config c ON c.cfgname = l.search_config WHERE l.code = language),
    'simple'::regconfig)
$$;
--> statement-breakpoint
-- OR of many tsqueries: one query per configuration in use, so every row is matched in its own language.
CREATE AGGREGATE tsquery_or_agg(tsquery) (SFUNC = tsquery_or, STYPE = tsquery);
--> statement-breakpoint
-- The lower-case words of a title worth correcting a typo towards.
CREATE FUNCTION search_terms_of(title text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(title), '[[:space:][:punct:]]+') AS w WHERE length(w) BETWEEN 3 AND 40
$$;
--> statement-breakpoint
-- The part of a long text from just before the first word that starts with one of the anchors (regular
-- expressions of letters), beginning at a whole word, so that ts_headline parses a few hundred characters instead
-- of the whole text; the fragment it picks lies well inside the window.
CREATE FUNCTION search_excerpt(body text, anchors text[], radius integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(body) <= 2 * radius THEN body
    WHEN x.start = 1 THEN substr(body, 1, 2 * radius)
    ELSE substr(body, x.start + strpos(substr(body, x.start, 40), ' '), 2 * radius)
  END
  FROM (
    SELECT greatest(1, coalesce(min(nullif(regexp_instr(body, '\m' || a, 1, 1, 0, 'i'), 0)), 1) - radius) AS start
    FROM unnest(anchors) AS a
  ) AS x
$$;
--> statement-breakpoint
-- An UPDATE that sets search_vector to NULL asks for it to be built again (used when a language changes).
CREATE FUNCTION magazines_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg regconfig;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_vector IS NOT NULL AND NEW.name IS NOT DISTINCT FROM OLD.name
     AND NEW.about IS NOT DISTINCT FROM OLD.about AND NEW.language_code IS NOT DISTINCT FROM OLD.language_code THEN
    RETURN NEW;
  END IF;
  cfg := search_config_for(NEW.language_code);
  NEW.search_config := cfg;
  NEW.search_vector := setweight(to_tsvector(cfg, NEW.name), 'A') || setweight(to_tsvector(cfg, NEW.about), 'C');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE FUNCTION stories_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg regconfig;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_vector IS NOT NULL AND NEW.title IS NOT DISTINCT FROM OLD.title
     AND NEW.subtitle IS NOT DISTINCT FROM OLD.subtitle AND NEW.body IS NOT DISTINCT FROM OLD.body
     AND NEW.keywords IS NOT DISTINCT FROM OLD.keywords
     AND NEW.language_code IS NOT DISTINCT FROM OLD.language_code THEN
    RETURN NEW;
  END IF;
  cfg := search_config_for(NEW.language_code);
  NEW.search_config := cfg;
  -- Keywords weigh like the subtitle: a story tagged 'boats' is about boats even when the word is not in its text.
  NEW.search_vector := setweight(to_tsvector(cfg, NEW.title), 'A') || setweight(to_tsvector(cfg, NEW.subtitle), 'B')
    || setweight(to_tsvector(cfg, array_to_string(NEW.keywords, ' ')), 'B') || setweight(to_tsvector(cfg, NEW.body), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A page is searched in its magazine's language.
CREATE FUNCTION issue_pages_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg regconfig;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_vector IS NOT NULL AND NEW.text IS NOT DISTINCT FROM OLD.text
     AND NEW.issue_id IS NOT DISTINCT FROM OLD.issue_id THEN
    RETURN NEW;
  END IF;
  cfg := coalesce(
    (SELECT search_config_for(m.language_code) FROM issues i JOIN magazines m ON m.id = i.magazine_id WHERE i.id = NEW.issue_id),
    'simple'::regconfig);
  NEW.search_config := cfg;
  NEW.search_vector := setweight(to_tsvector(cfg, NEW.text), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER magazines_search_vector BEFORE INSERT OR UPDATE ON magazines FOR EACH ROW EXECUTE FUNCTION magazines_search_vector();
--> statement-breakpoint
CREATE TRIGGER stories_search_vector BEFORE INSERT OR UPDATE ON stories FOR EACH ROW EXECUTE FUNCTION stories_search_vector();
--> statement-breakpoint
CREATE TRIGGER issue_pages_search_vector BEFORE INSERT OR UPDATE ON issue_pages FOR EACH ROW EXECUTE FUNCTION issue_pages_search_vector();
--> statement-breakpoint
-- A magazine that changes language moves its pages to the new configuration.
CREATE FUNCTION magazines_language_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE issue_pages SET search_vector = NULL WHERE issue_id IN (SELECT id FROM issues WHERE magazine_id = NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER magazines_language_changed AFTER UPDATE OF language_code ON magazines FOR EACH ROW
  WHEN (OLD.language_code IS DISTINCT FROM NEW.language_code) EXECUTE FUNCTION magazines_language_changed();
--> statement-breakpoint
-- A language that changes configuration rebuilds the vectors of everything written in it.
CREATE FUNCTION languages_search_config_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE magazines SET search_vector = NULL WHERE language_code = NEW.code;
  UPDATE stories SET search_vector = NULL WHERE language_code = NEW.code;
  UPDATE issue_pages SET search_vector = NULL
    WHERE issue_id IN (SELECT i.id FROM issues i JOIN magazines m ON m.id = i.magazine_id WHERE m.language_code = NEW.code);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER languages_search_config_changed AFTER UPDATE OF search_config ON languages FOR EACH ROW
  WHEN (OLD.search_config IS DISTINCT FROM NEW.search_config) EXECUTE FUNCTION languages_search_config_changed();
--> statement-breakpoint
-- Title words, once per statement (a seed inserting thousands of rows runs this once per batch). Words are never
-- taken out: one left by a deleted title can only suggest a correction that then finds nothing.
CREATE FUNCTION magazines_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term) SELECT DISTINCT t FROM changed_rows, search_terms_of(changed_rows.name) AS t ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION stories_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term) SELECT DISTINCT t FROM changed_rows, search_terms_of(changed_rows.title) AS t ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER magazines_search_terms_insert AFTER INSERT ON magazines REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION magazines_search_terms();
--> statement-breakpoint
CREATE TRIGGER magazines_search_terms_update AFTER UPDATE ON magazines REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION magazines_search_terms();
--> statement-breakpoint
CREATE TRIGGER stories_search_terms_insert AFTER INSERT ON stories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stories_search_terms();
--> statement-breakpoint
CREATE TRIGGER stories_search_terms_update AFTER UPDATE ON stories REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION stories_search_terms();
--> statement-breakpoint
-- Rows written before this migration get their vectors and title words now.
UPDATE magazines SET search_vector = NULL;
--> statement-breakpoint
UPDATE stories SET search_vector = NULL;
--> statement-breakpoint
UPDATE issue_pages SET search_vector = NULL;
--> statement-breakpoint
CREATE INDEX "magazines_search_idx" ON "magazines" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "stories_search_idx" ON "stories" USING gin ("search_vector");
--> statement-breakpoint
CREATE INDEX "issue_pages_search_idx" ON "issue_pages" USING gin ("search_vector");
--> statement-breakpoint
-- Substring and prefix matches on magazine names.
CREATE INDEX "magazines_name_trgm_idx" ON "magazines" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- The discover window walks issues newest first.
CREATE INDEX "issues_date_idx" ON "issues" ("issue_date", "id");
