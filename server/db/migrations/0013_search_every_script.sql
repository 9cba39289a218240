-- Search in every script (issue 27). Chinese, Japanese and Korean are written without spaces, so the full-text
-- parser takes a whole run of them (a clause, a line) for one word and a word inside it is never found. Each
-- searchable text now also gives its pairs of neighbouring characters of those scripts as lexemes ('次元', '元の'),
-- at consecutive positions, in the same search_vector: a word of two or more characters is found as the phrase of
-- its pairs ('次元' <-> '元の'), by the same GIN index and the same queries (server/search/text.ts builds them).
--
-- The character class of search_grams and the backfill below is lib/text-normalise.ts's UNSPACED_SCRIPT; keep them equal.
-- Pairs come first in the vector: `||` shifts the right-hand vector's positions, and past 16,383 positions they
-- all become the same, which would break the phrases; the full-text lexemes only need their weights. Positions
-- wrap at 15,000 pairs for the same reason (a longer text keeps its phrases, with a rare false neighbour).
CREATE FUNCTION search_grams(body text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Most text has none of these characters: one scan of it says so, and the pairs are not looked for.
  SELECT CASE WHEN body ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' THEN (
    SELECT coalesce(string_agg('''' || grams.pair || ''':' || ((grams.position - 1) % 15000 + 1), ' '), '')::tsvector
    FROM (
      -- One position is skipped between runs, so the last pair of one run and the first of the next are no phrase.
      SELECT substr(run.part[1], i, 2) AS pair, row_number() OVER (ORDER BY run.n, i) + run.n AS position
      FROM regexp_matches(body, '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]{2,}', 'g') WITH ORDINALITY AS run(part, n)
      CROSS JOIN LATERAL generate_series(1, char_length(run.part[1]) - 1) AS i
    ) AS grams
  ) ELSE ''::tsvector END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION magazines_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE cfg regconfig;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.search_vector IS NOT NULL AND NEW.name IS NOT DISTINCT FROM OLD.name
     AND NEW.about IS NOT DISTINCT FROM OLD.about AND NEW.language_code IS NOT DISTINCT FROM OLD.language_code THEN
    RETURN NEW;
  END IF;
  cfg := search_config_for(NEW.language_code);
  NEW.search_config := cfg;
  NEW.search_vector := setweight(search_grams(NEW.name), 'A') || setweight(search_grams(NEW.about), 'C')
    || setweight(to_tsvector(cfg, NEW.name), 'A') || setweight(to_tsvector(cfg, NEW.about), 'C');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION stories_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
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
  NEW.search_vector := setweight(search_grams(NEW.title), 'A') || setweight(search_grams(NEW.subtitle), 'B')
    || setweight(search_grams(array_to_string(NEW.keywords, ' ')), 'B') || setweight(search_grams(NEW.body), 'D')
    || setweight(to_tsvector(cfg, NEW.title), 'A') || setweight(to_tsvector(cfg, NEW.subtitle), 'B')
    || setweight(to_tsvector(cfg, array_to_string(NEW.keywords, ' ')), 'B') || setweight(to_tsvector(cfg, NEW.body), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION issue_pages_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
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
  NEW.search_vector := search_grams(NEW.text) || setweight(to_tsvector(cfg, NEW.text), 'D');
  RETURN NEW;
END $$;
--> statement-breakpoint
-- The anchors are now whole regular expressions: a word of Latin, Cyrillic, Arabic or Indic letters is looked for
-- at the start of a word ('\m' and the word), a Chinese or Japanese word anywhere in a run (server/search/highlight.ts).
CREATE OR REPLACE FUNCTION search_excerpt(body text, anchors text[], radius integer) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN length(body) <= 2 * radius THEN body
    WHEN x.start = 1 THEN substr(body, 1, 2 * radius)
    ELSE substr(body, x.start + strpos(substr(body, x.start, 40), ' '), 2 * radius)
  END
  FROM (
    SELECT greatest(1, coalesce(min(nullif(regexp_instr(body, a, 1, 1, 0, 'i'), 0)), 1) - radius) AS start
    FROM unnest(anchors) AS a
  ) AS x
$$;
--> statement-breakpoint
-- Text stored before the import normalised it (lib/text-normalise.ts) gets the same form where SQL can give it:
-- control characters out, tabs to spaces, NFKC. (Right-to-left lines stored in visual order need the import's
-- reading of their letters: importing the file again puts them right.)
CREATE FUNCTION search_normal_text(body text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT normalize(regexp_replace(replace(body, E'\t', ' '), '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]', '', 'g'), NFKC)
$$;
--> statement-breakpoint
UPDATE issue_pages SET text = search_normal_text(text) WHERE text IS NOT NFKC NORMALIZED OR text ~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\t';
--> statement-breakpoint
UPDATE stories SET title = search_normal_text(title), subtitle = search_normal_text(subtitle), body = search_normal_text(body)
  WHERE title IS NOT NFKC NORMALIZED OR subtitle IS NOT NFKC NORMALIZED OR body IS NOT NFKC NORMALIZED
    OR title ~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\t' OR subtitle ~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\t' OR body ~ '[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069\ufeff]|\t';
--> statement-breakpoint
-- Rows holding Chinese, Japanese or Korean get their pairs now (the others' vectors are unchanged).
UPDATE issue_pages SET search_vector = NULL WHERE text ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]';
--> statement-breakpoint
UPDATE stories SET search_vector = NULL
  WHERE title ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' OR subtitle ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' OR body ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' OR array_to_string(keywords, ' ') ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]';
--> statement-breakpoint
UPDATE magazines SET search_vector = NULL WHERE name ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]' OR about ~ '[\u3005-\u3007\u3041-\u309f\u30a1-\u30fa\u30fc-\u30ff\u3100-\u312f\u3131-\u318e\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff]';
