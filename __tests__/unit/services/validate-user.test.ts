import { http as mswHttp, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { checkUser } from '@/services/user';

let answer: Record<string, unknown> = {};
const server = setupServer(mswHttp.post('*/api/user/validateuser', () => HttpResponse.json(answer)));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('validate-user (SPEC §4)', () => {
  it("returns isError with the server's status and message when the status is not 'Success'", async () => {
    answer = { status: 'Failure', message: 'User not found' };
    await expect(checkUser()).resolves.toEqual({ isError: true, status: 'Failure', message: 'User not found' });
  });

  it('returns the data when the status is Success', async () => {
    answer = { status: 'Success', message: 'Success', libid: 1001, fname: 'Asha' };
    await expect(checkUser()).resolves.toEqual({ isError: false, data: answer });
  });
});
