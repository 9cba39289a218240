/**
 * Every shape that travels from the server to the browser, in SPEC §3's names and spellings, declared once: the
 * services' answers, the tiles and shell that pages' props carry, and the parts of the sign-in answer the browser keeps
 * (userDetails, libraryDetails). The server's handlers, presenters and page loaders build them (annotated with these
 * types, so the compiler holds them to the contract), and the browser's layers (components/, hooks/, services/) read
 * them from here, never from server/ (lint forbids it). Where an answer has a zod schema (it is also the OpenAPI
 * document's), the type is inferred from it.
 */

import { z } from 'zod';
import type { LibraryEntry } from './library-verification';
import type { Offers } from './navigation';
import { SIGN_IN_METHODS } from './sign-in-methods';
import type { TextBlock, TextLayer } from './text-layer';

/* SPEC §3's client-side entities: the tiles, what the browser stores at sign-in, and the shell every page tells. */

export interface IssueTile {
  /** The magazine's id on a title's tile (a magazine card, which can carry the favourite toggle); none on an issue's tile. */
  mid?: number;
  name: string;
  editionId: string | number;
  imageSrc: string;
  imageSrcSet: string;
  floatingImgSrc?: string;
  floatingImgAltText?: string;
  showFloatingIcon?: boolean;
  browserLinkUrl: string;
  appLinkUrl?: string;
}

export interface StoryTile {
  imgPath: string;
  title: string;
  subTitle: string;
  readTime: string;
  browserLinkUrl: string;
  appLinkUrl?: string;
  key: string;
  isShoppable: boolean;
  shortDesc: string;
  issueName: string;
  isNews: boolean;
  magName?: string;
}

export interface CategoryTile {
  name: string;
  imgPath: string;
  appLinkUrl?: string;
  browserLinkUrl: string;
}

/** SPEC §3 User details (stored as userDetails). */
export interface UserDetails {
  firstName: string;
  lastName: string;
  libid: number;
  expiry: string;
  uploadedID: string;
  libName: string;
  uid: number;
  uuid: string;
  email: string;
  mobile: string;
  userType: string;
}

/** SPEC §3 Library details (stored as libraryDetails). */
export interface LibraryDetails {
  libId: number;
  libName: string;
  logo1: string;
  logo2: string;
  logo3: string;
  logo_banner1: string;
  logo_banner2: string;
  logo_banner3: string;
  hideProfile: boolean;
  /** The library's members read the catalogue under /q/temp (SPEC §6's alternate routes, a setting of the library). */
  tempRoutes: boolean;
  /** A guest of this library goes back to the stored callback address after signing in (SPEC §4, a setting). */
  callbackAfterGuest: boolean;
  supportEmail: string;
}

/** What every page tells the shell, from the server: who is reading and through which library. */
export interface ShellProps {
  signedIn: boolean;
  userName: string;
  library: LibraryDetails | null;
  /** Members who sign in without a password get the shorter menu. */
  hasPassword: boolean;
  /** Which of newspapers and journals the header, sidebar and home link to (SPEC §6); a visitor is offered both. */
  offers: Offers;
}

/* The services' answers. */

/** SPEC §3 'Story from the server', plus the subtitle, news flag and ids the tiles need. */
export const storyFromServer = z.object({
  artid: z.number(),
  title: z.string(),
  subtitle: z.string(),
  magname: z.string(),
  issuename: z.string(),
  time_read: z.number(),
  canon_url: z.string(),
  url: z.string(),
  base_img: z.string(),
  thumb: z.string(),
  short_desc: z.string(),
  shoppable: z.number(),
  is_news: z.number(),
  mid: z.number(),
  issid: z.number(),
  published: z.string(),
});
export type StoryFromServer = z.infer<typeof storyFromServer>;

/**
 * Article details (by id, by url): the story from the server with its text and what its page shows around it.
 * `body` is the whole text, or the preview (SPEC §4) when `is_preview` is 1.
 */
export const storyDetails = storyFromServer.extend({
  body: z.string(),
  is_preview: z.number(),
  keywords: z.array(z.string()),
  lang: z.string(),
  page_no: z.number(),
  cat_id: z.number(),
  cat_name: z.string(),
  cat_slug: z.string(),
  issue_date: z.string(),
});
export type StoryDetails = z.infer<typeof storyDetails>;

/** SPEC §3 Category. */
export const categoryRow = z.object({ category_id: z.number(), name: z.string(), image: z.string(), is_fav: z.number(), cat_slug: z.string() });
export type CategoryRow = z.infer<typeof categoryRow>;

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
export const languageRow = z.object({ lang_code: z.string(), _lang: z.string(), lang: z.string(), display_name: z.string(), cc: z.string(), store_id: z.number() });
export type LanguageRow = z.infer<typeof languageRow>;

export interface FoundPage {
  pageNo: number;
  /** How many times the words occur on the page. */
  count: number;
  /** The words with some of the text around them. */
  excerpt: string;
}

/** GET /api/reader/text: a page's positioned lines (over the picture) and its blocks in reading order (text view). */
export interface PageTextAnswer extends TextLayer {
  pageNo: number;
  /** False for a page without text (a scan): the text view says so. */
  hasText: boolean;
  blocks: TextBlock[];
}

export interface ReaderPage {
  pageNo: number;
  width: number;
  height: number;
  /** A landscape page (imported PDFs): a two-page spread. */
  isSpread: boolean;
  /** The page's printed text, its text alternative. */
  alt: string;
  /** Signed image addresses at 1x, 2x and 3x. */
  src: [string, string, string];
}

export interface ReaderIssue {
  issueId: number;
  mid: number;
  magName: string;
  issueName: string;
  issueDate: string;
  /** The title's language code (en, es, hi, bn, ta, te, gu, ml…): read-aloud picks a voice for it. */
  lang: string;
  pageCount: number;
  pages: ReaderPage[];
  /** The page the member last read, or null. */
  lastPage: number | null;
  /** When the code stops opening pages, seconds since the epoch. */
  expiresAt: number;
}

export const memberRow = z.object({
  userId: z.number(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  userType: z.string(),
  expiresAt: z.string(),
  active: z.boolean(),
});
export type MemberRow = z.infer<typeof memberRow>;

export interface ImportRowReport {
  /** The line in the file (the header is line 1). */
  line: number;
  identifier: string;
  name: string;
  endDate: string;
  outcome: MemberImportOutcome;
  reason: string;
}

/** SPEC §3 Issue hit: the issue, its magazine, the matching pages (page number and highlighted text) and fIn. */
export interface IssueHit {
  pages: { page: number; _highLight: string }[];
  issue: { iss_id: number; iss_name: string; magId: number; iss_date: string };
  magDetails: { magName: string; img: string };
  /** How many pages of the issue match. */
  fIn: number;
}

export interface IssueSearchResult {
  status: 'success';
  hits: IssueHit[];
  nbHits: number;
  nbPages: number;
  /** False when nbHits is an estimate: past ISSUE_COUNT_BOUND issues the planner's estimate is given. */
  exhaustiveNbHits: boolean;
  page: number;
  hitsPerPage: number;
  query: string;
  correctedQuery?: string;
}

/** An Algolia-style highlight: the value is HTML-escaped text with <em> around the matched words. */
export const highlight = z.object({ value: z.string(), matchLevel: z.enum(['full', 'partial', 'none']), matchedWords: z.array(z.string()) });
export type Highlight = z.infer<typeof highlight>;

/** SPEC §3 Magazine search hit (magName, slug, new_imgPath, objectID, isGold), with what a tile links to. */
export const magazineSearchHit = z.object({
  magName: z.string(),
  slug: z.string(),
  /** Cover folder of the latest issue; files are view/1.jpg..view/3.jpg beneath it. */
  new_imgPath: z.string(),
  objectID: z.string(),
  /** 1 means gold. */
  isGold: z.number(),
  mid: z.number(),
  issueId: z.number(),
  catId: z.number(),
  lang: z.string(),
  _highlightResult: z.object({ magName: highlight }),
});
export type MagazineSearchHit = z.infer<typeof magazineSearchHit>;

export const magazineSearchPage = z.object({
  hits: z.array(magazineSearchHit),
  nbHits: z.number(),
  nbPages: z.number(),
  exhaustiveNbHits: z.boolean(),
  page: z.number(),
  hitsPerPage: z.number(),
});
export type MagazineSearchPage = z.infer<typeof magazineSearchPage>;

/** A page of a catalogue list (magazine-filter, editions, issues): the page (from 1), nbPages, total, and its rows. */
export function cataloguePage<Row extends z.ZodType>(row: Row) {
  return z.object({ status: z.string(), page: z.number(), nbPages: z.number(), total: z.number(), data: z.array(row) });
}

/** SPEC §3 Search response (popularCat, magazineList, magazines), with the languages and journals the overlay shows. */
export interface LibraryCatalogue {
  status: 'success';
  query: string;
  correctedQuery?: string;
  popularCat: CategoryFacet[];
  popularLang: LanguageFacet[];
  magazineList: MagazineSearchHit[];
  journalList: MagazineSearchHit[];
  magazines: MagazineSearchPage;
}

/** SPEC §3 Story list response, for a search. */
export interface StorySearchResult {
  Articles: StorySearchHit[];
  page: number;
  nbPages: number;
  nbHits: number;
  /** False when nbHits is an estimate (a very common word). */
  exhaustiveNbHits: boolean;
  hitsPerPage: number;
  query: string;
  correctedQuery?: string;
}

/** A COUNTER API key as the console lists it: never the key itself, which is shown once when made. */
export const counterKeySummary = z.object({
  id: z.number(),
  requestorId: z.string(),
  label: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type CounterKeySummary = z.infer<typeof counterKeySummary>;

export type MemberImportOutcome = 'add' | 'change' | 'unchanged' | 'refuse';

/** SPEC §3 Category with how many matching titles it holds. */
export interface CategoryFacet {
  category_id: number;
  name: string;
  cat_slug: string;
  image: string;
  count: number;
}

/** SPEC §3 Language with how many matching titles are written in it. */
export interface LanguageFacet {
  lang_code: string;
  lang: string;
  display_name: string;
  count: number;
}

/** A story hit: the story as lists send it, with its title and a fragment of its body highlighted. */
export interface StorySearchHit extends StoryFromServer {
  objectID: string;
  _highlightResult: { title: Highlight };
  _snippetResult: { body: Highlight };
}

/** SPEC §3 Library details, as the sign-in answers carry them. */
export const libraryDetailsBody = z.object({
  libId: z.number(),
  libName: z.string(),
  logo1: z.string(),
  logo2: z.string(),
  logo3: z.string(),
  logo_banner1: z.string(),
  logo_banner2: z.string(),
  logo_banner3: z.string(),
  hideProfile: z.boolean(),
  tempRoutes: z.boolean(),
  callbackAfterGuest: z.boolean(),
  supportEmail: z.string(),
}) satisfies z.ZodType<LibraryDetails>;

/** One of the member's libraries (SPEC §3's userlibdet). */
export const libraryEntryBody = z.object({ libId: z.number(), libname: z.string(), expiry: z.string(), exclude_cat: z.string(), ageRate: z.number() }) satisfies z.ZodType<LibraryEntry>;

/** The login and validate-user answer of SPEC §3. */
export const sessionFieldsBody = z.object({
  fname: z.string(),
  lname: z.string(),
  libid: z.number(),
  enddate: z.string(),
  uploadedID: z.string(),
  libname: z.string(),
  uid: z.number(),
  uuid: z.string(),
  email: z.string(),
  mobile: z.string(),
  usertype: z.string(),
  isNewspaper: z.number(),
  isJournal: z.number(),
  isMycontent: z.number(),
  fav_lud: z.string(),
  /** When the member's bookmarks and clippings last changed. */
  bk_lud: z.string(),
  clip_lud: z.string(),
  ageRate: z.number(),
  hasPassword: z.boolean(),
  libraryDetails: libraryDetailsBody.nullable(),
  jwtoken: z.string(),
  userlibdet: z.array(libraryEntryBody),
});
export type SessionFields = z.infer<typeof sessionFieldsBody>;

/** A completed sign-in by any method (card, code, partner link, coupon): the session fields, and whether the account is new. */
export const signedInBody = sessionFieldsBody.extend({ status: z.literal('Success'), message: z.string(), isNewUser: z.boolean() });

/** What the member's own pages show about them. */
export interface AccountSummary {
  uid: number;
  firstName: string;
  lastName: string;
  email: string;
  mobile: string;
  hasPassword: boolean;
  isGuest: boolean;
  libraryName: string;
  membershipEnds: string;
}

/** A bookmark as its owner sees it: the issue's names only while the issue is theirs to see. */
export const bookmarkView = z.object({
  id: z.number(),
  name: z.string(),
  issueId: z.number(),
  pageNo: z.number(),
  createdAt: z.string(),
  available: z.boolean(),
  mid: z.number().nullable(),
  magName: z.string().nullable(),
  issueName: z.string().nullable(),
});
export type BookmarkView = z.infer<typeof bookmarkView>;

/** A clipping as its owner sees it: its region of the page, and its text and picture while the issue is theirs. */
export const clippingView = bookmarkView.extend({
  region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  text: z.string().nullable(),
  textScope: z.string(),
  imageUrl: z.string().nullable(),
  shareUrl: z.string().nullable(),
});
export type ClippingView = z.infer<typeof clippingView>;

/** A clipping opened from its share link (/clipping/{token}), as a member who sees its issue is shown it. */
export const sharedClippingView = z.object({
  name: z.string(),
  issueId: z.number(),
  pageNo: z.number(),
  mid: z.number(),
  magName: z.string(),
  issueName: z.string(),
  text: z.string(),
  textScope: z.string(),
  region: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
  imageUrl: z.string(),
});
export type SharedClippingView = z.infer<typeof sharedClippingView>;

/** The plans a member can buy by card: SPEC §7 names one, `basicPlan`. */
export const PLAN_IDS = ['basicPlan'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** The answer to a stored help or contact request: the person sees `message`, and `id` is their reference. */
export const helpRequestAnswer = z.object({ status: z.literal('success'), message: z.string(), id: z.number() });
export type HelpRequestAnswer = z.infer<typeof helpRequestAnswer>;

/** An issue a member may keep offline. */
export const offlineGrant = z.object({
  status: z.literal('success'),
  issueId: z.number().int(),
  /** When the download stops opening, ISO 8601 UTC: 7 days on, or the membership's end when that comes first. */
  expiresAt: z.string(),
});
export type OfflineGrant = z.infer<typeof offlineGrant>;

/** A library's usage-feed key as staff see it: never the key or its hash. */
export const feedKeyView = z.object({
  id: z.number().int(),
  label: z.string(),
  hint: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type FeedKeyView = z.infer<typeof feedKeyView>;

/** A library as the console edits it: secrets are never sent back, only whether they are set. */
export const librarySettings = z.object({
  id: z.number(),
  name: z.string(),
  logo1: z.string(),
  logo2: z.string(),
  logo3: z.string(),
  logoBanner1: z.string(),
  logoBanner2: z.string(),
  logoBanner3: z.string(),
  supportEmail: z.string(),
  guestAccess: z.boolean(),
  guestDays: z.number(),
  ageRate: z.number(),
  excludeCat: z.string(),
  isNewspaper: z.boolean(),
  isJournal: z.boolean(),
  hideProfile: z.boolean(),
  tempRoutes: z.boolean(),
  callbackAfterGuest: z.boolean(),
  openCatalogue: z.boolean(),
  /** Members may download issues' original PDFs from the OPDS catalogues (KOReader syncs them by their partial MD5). */
  pdfDownload: z.boolean(),
  signInMethods: z.array(z.enum(SIGN_IN_METHODS)),
  cardMode: z.string(),
  sip2Host: z.string().nullable(),
  sip2Port: z.number().nullable(),
  sip2Institution: z.string().nullable(),
  oidcIssuer: z.string().nullable(),
  oidcClientId: z.string().nullable(),
  oidcClientSecretSet: z.boolean(),
  collectionMode: z.string(),
});
export type LibrarySettings = z.infer<typeof librarySettings>;

/** A library's collection: its mode and the titles and categories chosen. */
export interface Collection {
  mode: string;
  titles: Array<{ id: number; name: string }>;
  categories: Array<{ id: number; name: string }>;
}

/** An access code as the console lists it, with how often it was used. */
export const accessCodeRow = z.object({
  id: z.number(),
  code: z.string(),
  days: z.number(),
  useLimit: z.number().nullable(),
  usesLeft: z.number(),
  uses: z.number(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AccessCodeRow = z.infer<typeof accessCodeRow>;

/** An import job as the console shows it: never the storage key or who else uploaded. */
export interface ImportJobView {
  id: number;
  fileName: string;
  status: string;
  /** Why the last try failed (while queued again, or once failed). */
  error: string | null;
  /** Tries made so far out of those it gets (null before its first try). */
  tries: number;
  maxTries: number | null;
  /** When a failed try is tried again, while it waits. */
  nextTryAt: string | null;
  bytes: number | null;
  pagesDone: number;
  pageCount: number | null;
  issueId: number | null;
  magazineId: number | null;
  titleName: string | null;
  issueName: string | null;
  metadata: Record<string, unknown> | null;
  /** What drawing lost, each naming its page. */
  warnings: string[];
  /** The issue date came from the PDF's creation date: what the console shows until an operator saves a date. */
  dateNote: string | null;
  sources: Record<string, string> | null;
  defaults: unknown;
  /** The upload asked to replace the issue of its title and date that another file was imported as. */
  replace: boolean;
  createdAt: string;
  finishedAt: string | null;
}

/** A message that would have gone out by email or SMS (development only). */
export interface OutboxMessage {
  id: number;
  channel: string;
  recipient: string;
  subject: string;
  body: string;
  sentAt: string;
}

/** What the console shows of an issue whose pages are still being drawn (built by server/admin/present.ts presentDrawing). */
export const drawingView = z.object({
  issueId: z.number().int(),
  magazineId: z.number().int(),
  titleName: z.string(),
  issueName: z.string(),
  pageCount: z.number().int(),
  pagesDrawn: z.number().int(),
  /** drawing (an instance holds its job), waiting (for a worker or its next try), failed (its tries spent), unqueued (no job yet). */
  state: z.string(),
  tries: z.number().int().nullable(),
  maxTries: z.number().int().nullable(),
  error: z.string().nullable(),
  nextTryAt: z.string().nullable(),
});
export type DrawingView = z.infer<typeof drawingView>;

/** An app password as its member sees it in My Account: its hint (the last four characters), never the password, which is shown once when made. */
export const appPasswordView = z.object({ id: z.number().int(), name: z.string(), hint: z.string(), createdAt: z.string(), lastUsedAt: z.string().nullable() });
export type AppPasswordView = z.infer<typeof appPasswordView>;

/** My Account's app passwords (GET /api/user/appPasswords). */
export const appPasswordList = z.object({
  status: z.literal('success'),
  /** The user name reading apps and KOReader take with an app password. */
  login: z.string(),
  /** The member's libraries' OPDS catalogue addresses, and KOReader's sync server address. */
  catalogues: z.array(z.object({ libraryId: z.number().int(), name: z.string(), url: z.string() })),
  syncServer: z.string(),
  passwords: z.array(appPasswordView),
});
export type AppPasswordList = z.infer<typeof appPasswordList>;
