import { effectiveAgeRating } from '@/lib/age';
import type { CatalogueBase } from '@/lib/catalogue-paths';
import { AGE_RATING_DEFAULT } from '@/lib/constants';
import { COOKIE } from '@/lib/cookies';
import type { ShellProps } from '@/lib/entities';
import type { Session } from '../auth/session';
import { titleAgeRating } from '../catalogue/visibility';
import type { User } from '../db/schema';
import { cachedLibrary, viewerFor, type Viewer } from '../viewer';
import { shellProps, visitorShellOf } from './shell';

/**
 * The age ratings a request reads at (SPEC §5, §9): what the client asked for (the ageRating cookie, or a call's
 * age_rate), and what applies to magazines and stories, never wider than the viewer's library allows.
 */
export interface Ratings {
  /** The rating the client asked for; undefined when it named none (the call's default applies). */
  requested: number | undefined;
  magazine: number | null;
  story: number | null;
}

/** The ratings for a viewer from what the client asked for. */
export function ratingsFor(viewer: Viewer, requested: number | undefined): Ratings {
  return {
    requested,
    magazine: titleAgeRating(viewer, requested),
    story: effectiveAgeRating(requested, AGE_RATING_DEFAULT.article, viewer.libraryAgeRate),
  };
}

/** The ageRating cookie as a rating asked for: the one place the server reads it. */
export function ageRatingCookie(cookies: Partial<Record<string, string>>): number | undefined {
  const n = Number(cookies[COOKIE.ageRating]);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : undefined;
}

function memo<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | null = null;
  return () => (value ??= make());
}

/**
 * Who a request is for, built once per request and shared by everything that serves it: a page (server/context/page.ts)
 * and an API route (server/http/handler.ts) alike. The session is read before the context exists (the gate needs it);
 * the viewer, ratings and header are read on first use and kept, so nothing derives them twice and nothing unused is read.
 *
 * `publicLibraryId` is the library whose rules apply when nobody is signed in: the open /q/temp catalogue's (the library
 * marked so in the console; the demo's 2083), or the libid a catalogue call names.
 */
export class RequestContext<S extends Session | null = Session | null> {
  readonly session: S;
  /** The member row the session check read (null for a visitor, or a deleted account on a route that answers it). */
  readonly member: User | null;
  private readonly cookies: Partial<Record<string, string>>;
  private readonly publicLibraryId: number | undefined;
  private readonly fixedBase: CatalogueBase | undefined;

  constructor(session: S, cookies: Partial<Record<string, string>>, options: { publicLibraryId?: number; base?: CatalogueBase; shell?: ShellProps } = {}) {
    this.session = session;
    this.member = session?.user ?? null;
    this.cookies = cookies;
    this.publicLibraryId = options.publicLibraryId;
    this.fixedBase = options.base;
    if (options.shell) {
      const shell = options.shell;
      this.shell = () => Promise.resolve(shell);
    }
  }

  /** The rating the client asked for in the ageRating cookie. */
  get requestedAgeRating(): number | undefined {
    return ageRatingCookie(this.cookies);
  }

  private readonly viewers = new Map<number | undefined, Promise<Viewer>>();

  /**
   * The library rules this request reads under (SPEC §5): the member's own library, whatever the client sends; without
   * a session, the public library's (a catalogue call's libid may name one).
   */
  viewer(publicLibraryId: number | undefined = this.publicLibraryId): Promise<Viewer> {
    let viewer = this.viewers.get(publicLibraryId);
    if (!viewer) {
      viewer = viewerFor(this.session, publicLibraryId);
      this.viewers.set(publicLibraryId, viewer);
    }
    return viewer;
  }

  /**
   * Where this request's catalogue links lead: '/q/temp' for a library that reads there (its setting), else ''; the
   * open /q/temp screens fix it to '/q/temp' for a visitor.
   */
  readonly base = memo(async (): Promise<CatalogueBase> => this.fixedBase ?? (await this.viewer()).base);

  /** The ratings at the cookie's request; a call that names its own rating asks `ratingsAt`. */
  readonly ratings = memo(async (): Promise<Ratings> => ratingsFor(await this.viewer(), this.requestedAgeRating));

  async ratingsAt(requested: number | undefined, publicLibraryId?: number): Promise<Ratings> {
    return ratingsFor(await this.viewer(publicLibraryId), requested);
  }

  /** The header and sidebar: the member's, or a visitor's under the public library's branding. */
  shell = memo(async (): Promise<ShellProps> => {
    if (this.session || !this.publicLibraryId) return shellProps(this.session);
    return visitorShellOf(await cachedLibrary(this.publicLibraryId));
  });

  /** The library id the client sends back as libid so its next pages follow the same library's rules. */
  async libraryId(): Promise<number> {
    return (await this.viewer()).libraryId;
  }
}

