import type { GetServerSidePropsContext, GetServerSidePropsResult, Redirect } from 'next';
import { tempTwin } from '@/lib/catalogue-paths';
import type { ConsoleProps } from '@/lib/console';
import { SESSION_COOKIE } from '@/lib/cookies';
import { decideGate } from '@/lib/gate';
import { findUnsafeText } from '@/lib/text-input';
import { checkSession } from '../auth/revocation';
import { verifiedClaims, type Session } from '../auth/session';
import { jwtSecret } from '../config';
import { isDatabaseOutage } from '../db/client';
import { openCatalogueLibrary } from './viewer';
import { RequestContext } from './request';
import { VISITOR_SHELL } from './shell';
import { canManageLibrary, librariesForStaff, librariesInReach, type StaffAccess } from './staff';

/**
 * Who may open a page:
 * - `member`: the gate of SPEC §4 (rules 1 to 3) again on the server: no session goes to /login, no library or an
 *   ended membership to /validate-user; a member of a library that reads under /q/temp (its setting; the demo's 2083)
 *   opening a catalogue screen goes to its /q/temp twin.
 * - `open`: anyone; the session is read when there is one.
 * - `temp`: the open /q/temp catalogue: anyone; when nobody is signed in, under the rules and branding of the library
 *   marked as the open catalogue's (the demo's 2083), or of none when no library is.
 * - `staff`: the console: no session goes to /login (the cb cookie brings them back); a member without a console
 *   role, staff of another library (`library` names the route parameter holding it) or library staff on an
 *   `operator` page get a 403 screen; a library that does not exist is a 404. The page's props carry `console`.
 */
export type Access = 'member' | 'open' | 'temp' | 'staff';

export interface PageOptions<A extends Access> {
  access: A;
  /**
   * `open` pages only. `false`: the page is the same for everyone (the sign-in screens show the signed-out header),
   * so the session is not even read.
   */
  session?: boolean;
  /**
   * `open` pages whose content needs no database (help, legal, payment results): during an outage they still show,
   * with a signed-out header, rather than the 'unavailable' screen.
   */
  withoutDatabase?: boolean;
  /** `staff` pages: the route parameter naming the library the page is about. */
  library?: string;
  /** `staff` pages: site operators only. */
  operator?: boolean;
}

/** A console page's context: the staff role, the library the page is about (checked), and the console frame's props. */
export type StaffPageContext = RequestContext<Session> & { staffAccess: StaffAccess; library: number | undefined; console: ConsoleProps };

/** The request context a page's loader gets: the session is a member's on a member page. */
export type PageContext<A extends Access> = A extends 'staff' ? StaffPageContext : RequestContext<A extends 'member' ? Session : Session | null>;

/** What a console page answers someone it refuses (with status 403). */
export interface ForbiddenProps {
  forbidden: true;
}

/** Props every page may carry: set when the database is down, so the app shows a clear screen. */
export interface UnavailableProps {
  unavailable: true;
}

type Load<A extends Access, P> = (page: PageContext<A>, ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>;

/** The verified session behind a page request (the HttpOnly cookie), with the member row its check read, or null. */
export async function pageSession(ctx: Pick<GetServerSidePropsContext, 'req'>): Promise<Session | null> {
  const token = ctx.req.cookies[SESSION_COOKIE];
  const claims = await verifiedClaims(token, jwtSecret());
  const check = claims ? await checkSession(claims, { accountGone: 'over' }) : null;
  if (!claims || !check || check.over) return null;
  return { claims, token: token!, via: 'cookie', user: check.user };
}

function redirect(destination: string): { redirect: Redirect } {
  return { redirect: { destination, permanent: false } };
}

/** The member page's context, or the redirect the gate decides: the middleware is a convenience, this is the lock. */
async function memberContext(ctx: GetServerSidePropsContext): Promise<RequestContext<Session> | { redirect: Redirect }> {
  const session = await pageSession(ctx);
  const decision = decideGate(
    ctx.resolvedUrl.split('?')[0],
    session ? { libraryId: String(session.claims.libid), expiresAt: session.claims.mexp } : null,
    Math.floor(Date.now() / 1000),
  );
  if (decision.action === 'redirect') return redirect(decision.to);
  // decideGate allows open routes; a member page is not one, so no session is a redirect.
  if (!session) return redirect('/login');
  const page = new RequestContext(session, ctx.req.cookies);
  const twin = tempTwin(ctx.resolvedUrl);
  if (twin && (await page.base()) === '/q/temp') return redirect(twin);
  return page;
}

type Refusal = { redirect: Redirect } | { notFound: true } | ForbiddenProps;

/** A console page's context, or why it is refused. */
async function staffContext(options: PageOptions<'staff'>, ctx: GetServerSidePropsContext): Promise<StaffPageContext | Refusal> {
  let library: number | undefined;
  if (options.library) {
    library = Number(ctx.params?.[options.library]);
    if (!Number.isInteger(library) || library <= 0 || library > 2_147_483_647) return { notFound: true };
  }
  const session = await pageSession(ctx);
  if (!session) return redirect('/login');
  const page = new RequestContext(session, ctx.req.cookies);
  const staff = await page.staff();
  if (!staff || (library !== undefined && !canManageLibrary(staff, library)) || (options.operator && !staff.operator)) return { forbidden: true };
  const libraries = await librariesForStaff(librariesInReach(staff));
  if (library !== undefined && !libraries.some((row) => row.id === library)) return { notFound: true };
  return Object.assign(page, { staffAccess: staff, library, console: { label: staff.label, operator: staff.operator, libraries } });
}

async function buildContext<A extends Access>(options: PageOptions<A>, ctx: GetServerSidePropsContext): Promise<PageContext<A> | Refusal> {
  if (options.access === 'staff') return (await staffContext(options as PageOptions<'staff'>, ctx)) as PageContext<A> | Refusal;
  if (options.access === 'member') return (await memberContext(ctx)) as PageContext<A> | { redirect: Redirect };
  const cookies = ctx.req.cookies;
  if (options.access === 'temp') {
    const session = await pageSession(ctx);
    const publicLibraryId = session ? undefined : (await openCatalogueLibrary())?.id;
    return new RequestContext(session, cookies, { publicLibraryId, base: session ? undefined : '/q/temp' }) as PageContext<A>;
  }
  if (options.session === false) return new RequestContext(null, cookies) as PageContext<A>;
  if (!options.withoutDatabase) return new RequestContext(await pageSession(ctx), cookies) as PageContext<A>;
  try {
    const page = new RequestContext(await pageSession(ctx), cookies);
    await page.shell();
    return page as PageContext<A>;
  } catch (error) {
    if (!isDatabaseOutage(error)) throw error;
    return new RequestContext(null, cookies, { shell: VISITOR_SHELL }) as PageContext<A>;
  }
}

/**
 * Wraps getServerSideProps: an address holding a control character or broken text is no page (404, before any
 * query: PostgreSQL refuses NUL); a database outage answers 503 with the friendly screen instead of an
 * error page; anything else is rethrown to Next's error page.
 */
export function withDatabase<P extends Record<string, unknown>>(
  load: (ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<P>>,
) {
  return async (ctx: GetServerSidePropsContext): Promise<GetServerSidePropsResult<P | UnavailableProps>> => {
    if (findUnsafeText(ctx.query) || findUnsafeText(ctx.params ?? {})) return { notFound: true };
    try {
      return await load(ctx);
    } catch (error) {
      if (!isDatabaseOutage(error)) throw error;
      ctx.res.statusCode = 503;
      ctx.res.setHeader('Retry-After', '30');
      return { props: { unavailable: true } };
    }
  };
}

/** The props a page answers with: a console page's carry `console` or are a refusal; a page with the database may be 'unavailable'. */
type PagePropsOf<A extends Access, O, P> =
  | (A extends 'staff' ? (P & { console: ConsoleProps; forbidden?: false }) | ForbiddenProps : P)
  | (O extends { withoutDatabase: true } ? never : UnavailableProps);

/**
 * getServerSideProps of a page: declares who may open it, and loads its props with the request context built once.
 * The gate, the console's role and library check, the database outage (503 and the 'unavailable' screen) and the
 * hostile address (404) are handled here, for every page, so a loader only loads.
 */
export function withPage<A extends Access, P extends Record<string, unknown>, O extends PageOptions<A> = PageOptions<A>>(
  options: O & { access: A },
  load: Load<A, P>,
): (ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<PagePropsOf<A, O, P>>> {
  const run = async (ctx: GetServerSidePropsContext): Promise<GetServerSidePropsResult<Record<string, unknown>>> => {
    const page = await buildContext(options, ctx);
    if ('redirect' in page || 'notFound' in page) return page;
    if ('forbidden' in page) {
      ctx.res.statusCode = 403;
      return { props: { forbidden: true } };
    }
    const result = await load(page as PageContext<A>, ctx);
    if (options.access !== 'staff' || !('props' in result)) return result;
    return { props: { console: (page as StaffPageContext).console, ...(await result.props) } };
  };
  // The cast only names what the options chose.
  return (options.withoutDatabase ? run : withDatabase(run)) as (ctx: GetServerSidePropsContext) => Promise<GetServerSidePropsResult<PagePropsOf<A, O, P>>>;
}
