import type { GetServerSidePropsContext } from 'next';
import { param, type PageContext } from '../context';

/**
 * The loader of a partner landing page (declared `withPage({ access: 'open', session: false }, ...)`: the page is the
 * same for everyone, so it shows the signed-out header and does not read the session): the link's token from
 * `?randomtoken=` (or a route part).
 */
export function partnerLanding(partner: string, tokenFrom: 'query' | 'param' = 'query') {
  return async (page: PageContext<'open'>, ctx: GetServerSidePropsContext) => {
    const raw = tokenFrom === 'param' ? param(ctx, 'param') : param(ctx, 'randomtoken');
    const token = /^[A-Za-z0-9_-]{16,200}$/.test(raw) ? raw : null;
    const mid = Number(param(ctx, 'mid'));
    return {
      props: {
        shell: await page.shell(),
        partner,
        token,
        magazineId: Number.isInteger(mid) && mid > 0 ? mid : null,
      },
    };
  };
}
