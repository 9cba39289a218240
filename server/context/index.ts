/**
 * The request context: who a request is for, built once and shared by the page or route that serves it.
 * Pages: `export const getServerSideProps = withPage({ access: 'member' }, async (page, ctx) => ...)`.
 * API routes: `ctx.session` and `ctx.context` from the route wrapper (server/http/handler.ts).
 */
export { pageSession, withDatabase, withPage, type Access, type ForbiddenProps, type PageContext, type PageOptions, type StaffPageContext, type UnavailableProps } from './page';
export { ageRatingCookie, favouriteAgeRating, ratingsFor, storySearchAgeRating, titleAgeRating, type Ratings } from './ratings';
export { RequestContext } from './request';
export { helpEmailFor, memberContact, shellProps, VISITOR_SHELL } from './shell';
export { idParam, libParam, param, redirectTo } from './query';
export { canManageLibrary, findStaffAccess, librariesForStaff, librariesInReach, NOT_STAFF, OPERATORS_ONLY, OTHER_LIBRARY, staffOf, type StaffAccess } from './staff';
