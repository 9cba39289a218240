import type { CatalogueBase } from '@/lib/catalogue-paths';
import type { ShellProps } from '@/lib/wire';
import type { Session } from '../auth/session';
import type { User } from '../db/schema';
import { cachedLibrary, viewerFor, type Viewer } from './viewer';
import { ageRatingCookie, ratingsFor, type Ratings } from './ratings';
import { shellProps, visitorShellOf } from './shell';
import { staffOf, type StaffAccess } from './staff';

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

  /** The console role of the signed-in person (library staff or site operator), or null: read once per request. */
  readonly staff = memo((): Promise<StaffAccess | null> => staffOf(this.session));

  /** The library id the client sends back as libid so its next pages follow the same library's rules. */
  async libraryId(): Promise<number> {
    return (await this.viewer()).libraryId;
  }
}

