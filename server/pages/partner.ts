import type { GetServerSideProps } from 'next';
import { param, withPage } from '../context';

/** getServerSideProps for a partner landing page: the link's token from `?randomtoken=` (or a route part). */
export function partnerPage(partner: string, tokenFrom: 'query' | 'param' = 'query') {
  // The landing page is the same for everyone: it shows the signed-out header and does not read the session.
  return withPage({ access: 'open', session: false }, async (page, ctx) => {
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
  }) satisfies GetServerSideProps;
}
