-- The positioned lines of an imported page's text (lib/text-layer.ts): the reader's text view and the selectable layer over the page picture. Null for pages drawn from their text (the demo seed), whose lines follow from the drawing.
ALTER TABLE "issue_pages" ADD COLUMN "text_layer" jsonb;
