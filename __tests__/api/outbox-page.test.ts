import type { GetServerSidePropsContext } from 'next';
import { getServerSideProps } from '@/pages/dev/outbox';
import { startTestApp, type TestApp } from './helpers/app';
import { client, newEmail, outboxCode } from './helpers/accounts';

let app: TestApp;
beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  app = await startTestApp();
});
afterAll(async () => {
  await app.close();
});

function context(): GetServerSidePropsContext {
  const res = { statusCode: 200, setHeader: () => undefined } as unknown as GetServerSidePropsContext['res'];
  const req = { cookies: {}, headers: {} } as unknown as GetServerSidePropsContext['req'];
  return { req, res, query: {}, resolvedUrl: '/dev/outbox' } as GetServerSidePropsContext;
}

describe('/dev/outbox', () => {
  it('shows the codes that were not sent, newest first, outside production', async () => {
    const email = newEmail('outbox');
    await client(app).call('/api/user/sendotp', { body: { email } });
    const result = await getServerSideProps(context());
    expect(result).toHaveProperty('props');
    const { messages } = (result as { props: { messages: Array<{ recipient: string; body: string; channel: string }> } }).props;
    expect(messages[0]).toMatchObject({ recipient: email, channel: 'email' });
    expect(messages[0].body).toContain(await outboxCode(app.db, email));
  });

  it('does not exist in production', async () => {
    const env = process.env as Record<string, string | undefined>;
    const before = env.NODE_ENV;
    env.NODE_ENV = 'production';
    try {
      expect(await getServerSideProps(context())).toEqual({ notFound: true });
    } finally {
      env.NODE_ENV = before;
    }
  });
});
