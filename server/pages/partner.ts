import type { GetServerSideProps } from 'next';
import { withDatabase } from './session';
import { param } from './query';
import { shellProps } from './shell';

/** getServerSideProps for a partner landing page: the link's token from `?randomtoken=` (or a route part). */
export function partnerPage(partner: string, tokenFrom: 'query' | 'param' = 'query') {
  return withDatabase(async (ctx) => {
    const raw = tokenFrom === 'param' ? param(ctx, 'param') : param(ctx, 'randomtoken');
    const token = /^[A-Za-z0-9_-]{16,200}$/.test(raw) ? raw : null;
    const mid = Number(param(ctx, 'mid'));
    return {
      props: {
        shell: await shellProps(null),
        partner,
        token,
        magazineId: Number.isInteger(mid) && mid > 0 ? mid : null,
      },
    };
  }) satisfies GetServerSideProps;
}
