import { http as mswHttp, HttpResponse, delay } from 'msw';
import { setupServer } from 'msw/node';
import axios from 'axios';
import { apiErrorFrom, ApiError, axiosInstance, http } from '@/services/http';

const server = setupServer(
  mswHttp.get('http://api.test/missing', () => HttpResponse.json({ status: 404, message: 'Library not found', field: 'libid' }, { status: 404 })),
  mswHttp.get('http://api.test/down', () => HttpResponse.error()),
  mswHttp.get('http://api.test/slow', async () => {
    await delay(500);
    return HttpResponse.json({});
  }),
);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('expected the call to fail');
}

describe('service errors (SPEC §8)', () => {
  it("turns a non-2xx status into 'Request failed with status code N', keeping the server's words", async () => {
    const error = await failure(http.get('http://api.test/missing'));
    expect(error).toBeInstanceOf(ApiError);
    expect(error.message).toBe('Request failed with status code 404');
    expect(error.status).toBe(404);
    expect(error.serverMessage).toBe('Library not found');
    expect(error.field).toBe('libid');
  });

  it("turns a network failure into 'Network Error'", async () => {
    const error = await failure(http.get('http://api.test/down'));
    expect(error.message).toBe('Network Error');
  });

  it("turns a timeout into 'timeout of Nms exceeded'", async () => {
    // jsdom's XMLHttpRequest ignores timeouts under msw; the fetch adapter times out for real.
    const error = await failure(http.get('http://api.test/slow', { timeout: 50, adapter: 'fetch' }));
    expect(error.message).toBe('timeout of 50ms exceeded');
  });

  it("turns an aborted request into 'Request aborted'", async () => {
    const controller = new AbortController();
    const pending = http.get('http://api.test/slow', { signal: controller.signal });
    controller.abort();
    const error = await failure(pending);
    expect(error.message).toBe('Request aborted');
  });

  it('has no default timeout', async () => {
    expect((await axiosInstance()).defaults.timeout ?? 0).toBe(0);
    expect(apiErrorFrom(new axios.Cancel('x')).message).toBe('Request aborted');
  });
});
