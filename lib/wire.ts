/**
 * The services' answers as they travel on the wire (SPEC §3 names and spellings): the rows the server's handlers
 * shape and the screen presenters in lib/ read. Declared here, in lib/, so that the presenters (shared by the server
 * and the browser) need nothing from server/; the server imports them from here.
 */

/** SPEC §3 'Story from the server', plus the subtitle, news flag and ids the tiles need. */
export interface StoryFromServer {
  artid: number;
  title: string;
  subtitle: string;
  magname: string;
  issuename: string;
  time_read: number;
  canon_url: string;
  url: string;
  base_img: string;
  thumb: string;
  short_desc: string;
  shoppable: number;
  is_news: number;
  mid: number;
  issid: number;
  published: string;
}

/**
 * Article details (by id, by url): the story from the server with its text and what its page shows around it.
 * `body` is the whole text, or the preview (SPEC §4) when `is_preview` is 1.
 */
export interface StoryDetails extends StoryFromServer {
  body: string;
  is_preview: number;
  keywords: string[];
  lang: string;
  page_no: number;
  cat_id: number;
  cat_name: string;
  cat_slug: string;
  issue_date: string;
}

/** SPEC §3 Category. */
export interface CategoryRow {
  category_id: number;
  name: string;
  image: string;
  is_fav: number;
  cat_slug: string;
}

/** A magazine as the magazine filter answers it, with its latest issue. */
export interface MagazineHit {
  mid: number;
  magName: string;
  slug: string;
  catId: number;
  lang: string;
  isGold: number;
  issueId: number;
  issueName: string;
  issueDate: string;
  img: string;
  width: number;
  height: number;
}

/** SPEC §3 Language. */
export interface LanguageRow {
  lang_code: string;
  _lang: string;
  lang: string;
  display_name: string;
  cc: string;
  store_id: number;
}
