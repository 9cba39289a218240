/**
 * What the catalogue screens are given by their pages: SPEC §3 tiles and the links around them. Screen props are
 * type aliases, not interfaces, so they satisfy the Record<string, unknown> that getServerSideProps returns.
 */
import type { CatalogueBase } from './catalogue-paths';
import type { CategoryTile, IssueTile, StoryTile } from './wire';

/** A chip of a filter row (language, top list): selected when it names the screen being shown. */
export interface FilterChip {
  label: string;
  href: string;
  selected: boolean;
}

/** The magazine filter parameters the client sends for the next pages of a listing. */
export interface ListingQuery {
  /** A top list (BS, F, IF, TF, NA) or category id; null for every title in `lang`. */
  categoryID: string | null;
  /** '' for all languages. */
  lang: string;
  /** The library whose rules apply (a member's own library always does, whatever is sent). */
  libid: number;
  /** Where the next pages' tiles link: the catalogue base the server chose from the library's setting (never sent). */
  base: CatalogueBase;
}

export type ListingScreenProps = {
  /** The page heading. */
  title: string;
  /** A heading over the titles when other sections (the categories) come first. */
  listTitle: string | null;
  topLists: FilterChip[] | null;
  languages: FilterChip[];
  /** Every category the viewer may see, on a top list shown in all languages. */
  categories: CategoryTile[] | null;
  tiles: IssueTile[];
  nbPages: number;
  total: number;
  query: ListingQuery;
  emptyText: string;
};

export interface LinkTo {
  name: string;
  href: string;
}

export type MagazineScreenProps = {
  magazine: {
    mid: number;
    magName: string;
    about: string;
    publisher: string;
    isGold: boolean;
    category: LinkTo;
    language: LinkTo;
  };
  /** The newest regular issue, shown large. */
  latest: {
    href: string;
    issueName: string;
    published: string;
    src: string;
    srcSet: string;
    width: number;
    height: number;
  } | null;
  issues: IssueTile[];
  issueCount: number;
  allIssuesHref: string;
  specials: IssueTile[];
  stories: StoryTile[];
};

/** What the Read action needs: who reads, through which library, until when. */
export interface ReaderAccess {
  signedIn: boolean;
  userId: number;
  /** 0 when the signed-in person has no library (they are sent to validate-user type 1). */
  libraryId: number;
  /** Membership end, seconds since the epoch (0 when unknown). */
  membershipEnds: number;
  /** The page to open at, when the member has read this issue before. */
  lastPage: number | null;
}

/** Who asks to read an issue: what the reader service needs of a ReaderAccess. */
export type ReadingMember = Pick<ReaderAccess, 'userId' | 'libraryId' | 'membershipEnds'>;

export type IssueScreenProps = {
  issue: {
    issueId: number;
    issueName: string;
    published: string;
    pageCount: number;
    isSpecial: boolean;
    src: string;
    srcSet: string;
    width: number;
    height: number;
  };
  magazine: { mid: number; magName: string; href: string; isGold: boolean; category: LinkTo };
  more: IssueTile[];
  allIssuesHref: string;
  reader: ReaderAccess;
};

export type AllIssuesScreenProps = {
  magazine: { mid: number; magName: string; href: string };
  tiles: IssueTile[];
  nbPages: number;
  total: number;
  /** The library whose rules the next pages follow. */
  libid: number;
};
