import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps } from './helpers';

/** A library or organisation whose members read through it (SPEC §3 Library details / Library entry). */
export const libraries = pgTable(
  'libraries',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    logo1: text('logo1').notNull().default(''),
    logo2: text('logo2').notNull().default(''),
    logo3: text('logo3').notNull().default(''),
    logoBanner1: text('logo_banner1').notNull().default(''),
    logoBanner2: text('logo_banner2').notNull().default(''),
    logoBanner3: text('logo_banner3').notNull().default(''),
    /** Comma list of category names hidden from this library's members; '0' means none. */
    excludeCat: text('exclude_cat').notNull().default('0'),
    /** Highest age rating the library allows; 0 means no limit of its own. */
    ageRate: integer('age_rate').notNull().default(0),
    isNewspaper: integer('is_newspaper').notNull().default(1),
    isJournal: integer('is_journal').notNull().default(1),
    isMycontent: integer('is_mycontent').notNull().default(0),
    guestAccess: boolean('guest_access').notNull().default(false),
    /** How long a guest's membership lasts, in days. */
    guestDays: integer('guest_days').notNull().default(30),
    /** Hide-profile mode: no profile button, logo leads to the /q/temp catalogue (the demo's library 2083). */
    hideProfile: boolean('hide_profile').notNull().default(false),
    /** Alternate routes (SPEC §6, the demo's 2083): its members read the catalogue under /q/temp. */
    tempRoutes: boolean('temp_routes').notNull().default(false),
    /** After a guest sign-in, back to the stored callback address instead of home (SPEC §4, the demo's 2766). */
    callbackAfterGuest: boolean('callback_after_guest').notNull().default(false),
    /** The open /q/temp catalogue reads under this library's rules and branding when nobody is signed in (one at most). */
    openCatalogue: boolean('open_catalogue').notNull().default(false),
    /** Members may download an issue's original PDF from the OPDS catalogues (for KOReader and other apps); off by default. */
    pdfDownload: boolean('pdf_download').notNull().default(false),
    /** How library cards are checked: 'none', 'list' (imported, hashed) or 'sip2'. */
    cardMode: text('card_mode').notNull().default('none'),
    sip2Host: text('sip2_host'),
    sip2Port: integer('sip2_port'),
    sip2Institution: text('sip2_institution'),
    /** SIP2 login (message 93) before patron requests, when the library system asks for one. */
    sip2LoginUser: text('sip2_login_user'),
    sip2LoginPassword: text('sip2_login_password'),
    oidcIssuer: text('oidc_issuer'),
    oidcClientId: text('oidc_client_id'),
    oidcClientSecret: text('oidc_client_secret'),
    /** hashSecret of the key a partner sends to build sign-in links (services/v8/thirdParty); null: no partner. */
    partnerKeyHash: text('partner_key_hash'),
    supportEmail: text('support_email').notNull().default(''),
    /** Which titles the library licenses: 'all', or 'chosen' (library_collection_titles and _categories). */
    collectionMode: text('collection_mode').notNull().default('all'),
    /** Sign-in ways offered besides card and SSO (which follow card_mode and the OIDC settings): comma list of password, email, mobile. */
    signInMethods: text('sign_in_methods').notNull().default('password,email,mobile'),
    ...timestamps,
  },
  // At most one library is the open catalogue's.
  (t) => [uniqueIndex('libraries_open_catalogue_idx').on(t.openCatalogue).where(sql`${t.openCatalogue}`)],
);

/** A member's access through a library, with its end. */
export const memberships = pgTable(
  'memberships',
  {
    userId: integer('user_id').notNull(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [primaryKey({ name: 'memberships_pk', columns: [t.userId, t.libraryId] }), index('memberships_library_idx').on(t.libraryId, t.expiresAt)],
);

/** Library card numbers and PINs imported by a library (both hashed). */
export const libraryCards = pgTable(
  'library_cards',
  {
    id: serial('id').primaryKey(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    cardHash: text('card_hash').notNull(),
    pinHash: text('pin_hash').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('library_cards_library_card_idx').on(t.libraryId, t.cardHash)],
);

/** Access codes a library hands out so people can join it (validatecoupon). */
export const accessCodes = pgTable(
  'access_codes',
  {
    id: serial('id').primaryKey(),
    libraryId: integer('library_id')
      .notNull()
      .references(() => libraries.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    days: integer('days').notNull().default(365),
    usesLeft: integer('uses_left').notNull().default(1),
    /** The uses it was created with (console codes); null for codes made before uses were counted. */
    useLimit: integer('use_limit'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [uniqueIndex('access_codes_code_idx').on(t.code)],
);

export type Library = typeof libraries.$inferSelect;
export type NewLibrary = typeof libraries.$inferInsert;
export type Membership = typeof memberships.$inferSelect;
export type NewMembership = typeof memberships.$inferInsert;
