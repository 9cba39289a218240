import type { GetServerSidePropsContext, GetServerSidePropsResult } from 'next';
import type { ConsoleProps } from '@/lib/console';
import { withDatabase } from '../context';
import { librariesInReach, requireStaffPage, type StaffAccess } from './access';
import { librariesForStaff } from './member-routes';

export type { ConsoleProps };

export type ConsolePageProps<P> = { console: ConsoleProps; forbidden?: false } & P;
export type ForbiddenProps = { forbidden: true };

/**
 * getServerSideProps for a console page: the role checked on the server (no session: /login; no role, or a library
 * out of reach: a 403 screen), then the page's own load. `libraryParam` names the route parameter holding the library.
 */
export function consolePage<P extends Record<string, unknown>>(
  options: { libraryParam?: string; operatorOnly?: boolean },
  load: (ctx: GetServerSidePropsContext, staff: StaffAccess) => Promise<P | { notFound: true }> = async () => ({}) as P,
) {
  return withDatabase<ConsolePageProps<P> | ForbiddenProps>(async (ctx): Promise<GetServerSidePropsResult<ConsolePageProps<P> | ForbiddenProps>> => {
    let libraryId: number | undefined;
    if (options.libraryParam) {
      libraryId = Number(ctx.params?.[options.libraryParam]);
      if (!Number.isInteger(libraryId) || libraryId <= 0 || libraryId > 2_147_483_647) return { notFound: true };
    }
    const access = await requireStaffPage(ctx, libraryId);
    if ('redirect' in access) return { redirect: access.redirect };
    if ('forbidden' in access || (options.operatorOnly && !access.staff.operator)) {
      ctx.res.statusCode = 403;
      return { props: { forbidden: true } };
    }
    const libraries = await librariesForStaff(librariesInReach(access.staff));
    if (libraryId !== undefined && !libraries.some((library) => library.id === libraryId)) return { notFound: true };
    const extra = await load(ctx, access.staff);
    if ('notFound' in extra) return { notFound: true };
    return { props: { console: { label: access.staff.label, operator: access.staff.operator, libraries }, ...extra } as ConsolePageProps<P> };
  });
}
