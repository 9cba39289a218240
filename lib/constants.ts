/** Business constants of SPEC §9, in one place. */

export const AGE_RATING_DEFAULT = {
  /** Article and search calls. */
  article: 9,
  search: 9,
  /** The magazine filter call. */
  magazineFilter: 5,
  /** Reader requests. */
  reader: 5,
  /** The library age rate stored after validating a user. */
  library: 6,
} as const;

/** The age filter is applied only below this value. */
export const AGE_FILTER_BELOW = 8;

export const INITIAL_LIBRARY_SEARCH_AGGS_COUNT = 40;
export const SEARCH_HOME_MAX_CATEGORIES = 10;

export const STORY_PAGE_CAP = 300;
export const STORY_TOTAL_WHEN_CAPPED = 9000;

export const CATEGORY_PAGE_SIZE = 20;

export const SESSION_COOKIE_DAYS = 365;
export const ACCESS_CHECK_HOURS = 24;
export const CALLBACK_COOKIE_HOURS = 24;

const DAY_SECONDS = 24 * 60 * 60;

/** Cookie lifetimes in seconds (SPEC §9), for the server and the middleware that set them. */
export const COOKIE_MAX_AGE = {
  session: SESSION_COOKIE_DAYS * DAY_SECONDS,
  accessCheck: ACCESS_CHECK_HOURS * 60 * 60,
  callback: CALLBACK_COOKIE_HOURS * 60 * 60,
} as const;

export const DEFAULT_STORE_ID = 1;
export const DEFAULT_COUNTRY = 'IN';

export const READ_TIME_CAP_MINUTES = 10;
export const STORY_IMAGE = { width: 100, height: 125 } as const;
export const PREFETCH_MARGIN_PX = 200;
export const SCROLL_BOTTOM_THRESHOLD_PX = 100;
export const POPUP_FALLBACK_DELAY_MS = 100;

export const CATEGORY = {
  newspapers: 52,
  journals: 154,
  alwaysHidden: 127,
} as const;

export const FIXED_TOP_LISTS = ['BS', 'F', 'IF', 'TF', 'NA'] as const;
export type TopList = (typeof FIXED_TOP_LISTS)[number];
export const TOP_LIST_NAMES: Record<TopList, string> = {
  BS: 'Most Popular',
  F: 'Featured',
  IF: 'International',
  TF: 'Top Free',
  NA: 'New Arrivals',
};

export const FIXED_LANGUAGES = ['English', 'Spanish', 'Bengali', 'Gujarati', 'Hindi', 'Malayalam', 'Tamil', 'Telugu'] as const;

export const STORY_CATEGORIES = {
  cover: { name: 'Cover Stories', id: 'sec_60', slug: 'Cover-Stories' },
  latest: { name: 'Latest Stories', id: 'RC', slug: 'Latest-Stories', path: 'Popular/recom' },
  forYou: { name: 'For You', id: 'recom', slug: 'For-You' },
} as const;

export const SITE_DESCRIPTION =
  'Enjoy reading thousands of magazines and newspapers across 40+ categories and 60+ languages';

/** The API's refusal when a member's library access has ended (reader codes and the reader); the client knows it by this text. */
export const SUBSCRIPTION_EXPIRED = 'Your subscription has expired';

export const EXPIRED_POPUP = {
  title: 'Oops! Your subscription has expired',
  text: 'Please contact your organization to indulge in unlimited reading of magazines, newspapers and journals again.',
} as const;
