/**
 * The request context: who a request is for, built once and shared by the page or route that serves it.
 * Pages: `export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => ...)`.
 * API routes: `ctx.session` and `ctx.context` from the route wrapper (server/http/handler.ts).
 */
export { pageSession, withDatabase, withPage, type Access, type PageContext, type PageOptions, type UnavailableProps } from './page';
export { ageRatingCookie, ratingsFor, RequestContext, type Ratings } from './request';
export { helpEmailFor, memberContact, shellProps, VISITOR_SHELL } from './shell';
export { idParam, libParam, param, redirectTo } from './query';
