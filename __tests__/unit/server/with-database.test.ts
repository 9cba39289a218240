import type { GetServerSidePropsContext } from 'next';
import { withDatabase } from '@/server/context';

function context() {
  const headers: Record<string, string> = {};
  return {
    ctx: { res: { statusCode: 200, setHeader: (k: string, v: string) => (headers[k] = v) } } as unknown as GetServerSidePropsContext,
    headers,
  };
}

describe('pages during a database outage', () => {
  it('answer 503 with the friendly screen instead of an error', async () => {
    const { ctx, headers } = context();
    const outage = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const result = await withDatabase(async () => {
      throw outage;
    })(ctx);
    expect(result).toEqual({ props: { unavailable: true } });
    expect(ctx.res.statusCode).toBe(503);
    expect(headers['Retry-After']).toBe('30');
  });

  it('let other errors reach the error page', async () => {
    const { ctx } = context();
    await expect(
      withDatabase(async () => {
        throw new Error('bug');
      })(ctx),
    ).rejects.toThrow('bug');
  });

  it('pass results through when the database answers', async () => {
    const { ctx } = context();
    await expect(withDatabase(async () => ({ props: { a: 1 } }))(ctx)).resolves.toEqual({ props: { a: 1 } });
  });
});
