import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { STORAGE } from '@/lib/cookies';
import { managePassword } from '@/services/account';

let answer: Record<string, unknown> = {};
const server = setupServer(mswHttp.post('*/api/user/managePass', () => HttpResponse.json(answer)));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  window.localStorage.clear();
});
afterAll(() => server.close());

describe('managePassword', () => {
  it('keeps the fresh token the answer brings in place of the old one (the old one has just ended)', async () => {
    window.localStorage.setItem(STORAGE.userToken, 'old-token');
    answer = { status: 'Success', message: 'Your password has been changed.', hasPassword: true, jwtoken: 'fresh-token' };
    await expect(managePassword({ password: 'a brand new password', currentPassword: 'the old one' })).resolves.toMatchObject({ message: 'Your password has been changed.' });
    expect(window.localStorage.getItem(STORAGE.userToken)).toBe('fresh-token');
  });

  it('stores no token for a browser that kept none (its session is the cookie the answer set)', async () => {
    answer = { status: 'Success', message: 'Your password has been set.', hasPassword: true, jwtoken: 'fresh-token' };
    await managePassword({ password: 'a brand new password' });
    expect(window.localStorage.getItem(STORAGE.userToken)).toBeNull();
  });
});
