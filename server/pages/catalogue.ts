import type { GetServerSidePropsContext, Redirect } from 'next';
import type { CatalogueBase } from '@/lib/catalogue-paths';
import { tempTwin } from '@/lib/catalogue-paths';
import { LIBRARY } from '@/lib/constants';
import { COOKIE } from '@/lib/cookies';
import type { ShellProps } from '@/lib/entities';
import { catalogueBase, VISITOR_OFFERS } from '@/lib/routes';
import type { Session } from '../auth/session';
import { ratingsFor } from '../catalogue/browse';
import { libraryDetails } from '../user/present';
import { cachedLibrary, viewerFor, type Viewer } from '../viewer';
import { pageSession, requireMember } from './session';
import { shellProps } from './shell';

/** Who is browsing a catalogue screen, under which rules, and where its links lead. */
export interface CataloguePageContext {
  session: Session | null;
  viewer: Viewer;
  base: CatalogueBase;
  ratings: { magazine: number | null; story: number | null };
  shell: ShellProps;
  /** What the client sends as libid so its next pages follow the same library's rules. */
  libraryId: number;
}

function ageCookie(ctx: GetServerSidePropsContext): number {
  return Number(ctx.req.cookies[COOKIE.ageRating] ?? 0) || 0;
}

/**
 * The context of a catalogue screen. Member screens pass the gate again here; a member of library 2083 is sent to
 * the /q/temp twin of the screen. The open /q/temp screens read under library 2083's rules when nobody is signed in
 * (with its hide-profile header), and under the member's own library otherwise.
 */
export async function cataloguePage(
  ctx: GetServerSidePropsContext,
  options: { temp: boolean },
): Promise<CataloguePageContext | { redirect: Redirect }> {
  if (!options.temp) {
    const member = await requireMember(ctx);
    if ('redirect' in member) return member;
    const twin = member.viewer.libraryId === LIBRARY.tempRoutes ? tempTwin(ctx.resolvedUrl) : null;
    if (twin) return { redirect: { destination: twin, permanent: false } };
    return {
      session: member.session,
      viewer: member.viewer,
      base: catalogueBase(member.viewer.libraryId),
      ratings: ratingsFor(member.viewer, ageCookie(ctx)),
      shell: await shellProps(member.session),
      libraryId: member.viewer.libraryId,
    };
  }
  const session = await pageSession(ctx);
  const viewer = await viewerFor(session, LIBRARY.tempRoutes);
  let shell: ShellProps;
  if (session) {
    shell = await shellProps(session);
  } else {
    const library = await cachedLibrary(LIBRARY.tempRoutes);
    shell = { signedIn: false, userName: '', library: library ? libraryDetails(library) : null, hasPassword: false, offers: VISITOR_OFFERS };
  }
  return {
    session,
    viewer,
    base: session ? catalogueBase(viewer.libraryId) : '/q/temp',
    ratings: ratingsFor(viewer, ageCookie(ctx)),
    shell,
    libraryId: viewer.libraryId,
  };
}

/** A positive integer id from a route segment, or null (so a bad id is a 404, never an error). */
export function idParam(value: string | string[] | undefined): number | null {
  if (typeof value !== 'string' || !/^\d{1,9}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}
