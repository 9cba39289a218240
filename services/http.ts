import type { AxiosInstance } from 'axios';
import { COOKIE, XSRF_HEADER } from '@/lib/cookies';
import { storedToken } from '@/lib/browser-storage';

/**
 * One error for every failed call. `message` is the spec's (SPEC §8): 'Request failed with status code N',
 * 'Network Error', 'Request aborted', 'timeout of Nms exceeded'. The server's own words are in serverMessage.
 */
export class ApiError extends Error {
  readonly status: number | null;
  readonly serverMessage: string | null;
  readonly field: string | null;

  constructor(message: string, status: number | null, serverMessage: string | null = null, field: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.field = field;
  }
}

/** What an axios failure carries; read by its marks (isAxiosError, __CANCEL__) so this module need not load axios. */
interface AxiosFailure {
  isAxiosError?: boolean;
  __CANCEL__?: boolean;
  code?: string;
  message: string;
  response?: { status: number; data?: unknown };
}

/** The spec's message for a failed request. */
export function apiErrorFrom(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const failure = (typeof error === 'object' && error !== null ? error : {}) as AxiosFailure;
  if (failure.__CANCEL__ === true) return new ApiError('Request aborted', null);
  if (failure.isAxiosError === true) {
    const status = failure.response?.status ?? null;
    const data = failure.response?.data as { message?: unknown; field?: unknown } | undefined;
    const serverMessage = typeof data?.message === 'string' ? data.message : null;
    const field = typeof data?.field === 'string' ? data.field : null;
    if (status !== null) return new ApiError(`Request failed with status code ${status}`, status, serverMessage, field);
    if (failure.code === 'ECONNABORTED' && /timeout/i.test(failure.message)) return new ApiError(failure.message, null);
    if (failure.code === 'ETIMEDOUT') return new ApiError(failure.message, null);
    if (failure.code === 'ECONNABORTED') return new ApiError('Request aborted', null);
    return new ApiError('Network Error', null);
  }
  return new ApiError('Network Error', null);
}

const isBrowser = typeof window !== 'undefined';

let instance: Promise<AxiosInstance> | null = null;

/**
 * The only axios instance: bearer token, anti-forgery header, and one ApiError for every failure. It is made on the
 * first call, so axios (about 20 kB of gzip) and js-cookie load then and not with every page's first load
 * (bench/first-load-js).
 */
export function axiosInstance(): Promise<AxiosInstance> {
  instance ??= Promise.all([import('axios'), import('js-cookie')]).then(([{ default: axios }, { default: Cookies }]) => {
    const made = axios.create({ withCredentials: true });
    made.interceptors.request.use((config) => {
      const token = storedToken();
      if (token) config.headers.set('Authorization', `Bearer ${token}`);
      const xsrf = isBrowser ? Cookies.get(COOKIE.xsrf) : undefined;
      if (xsrf) config.headers.set(XSRF_HEADER, xsrf);
      return config;
    });
    made.interceptors.response.use(
      (response) => response,
      (error: unknown) => Promise.reject(apiErrorFrom(error)),
    );
    return made;
  });
  return instance;
}

/** The calls the services make, each waiting for the instance. */
export type HttpClient = Pick<AxiosInstance, 'get' | 'post' | 'put' | 'delete'>;

export const http: HttpClient = {
  get: ((...args: Parameters<AxiosInstance['get']>) => axiosInstance().then((client) => client.get(...args))) as AxiosInstance['get'],
  post: ((...args: Parameters<AxiosInstance['post']>) => axiosInstance().then((client) => client.post(...args))) as AxiosInstance['post'],
  put: ((...args: Parameters<AxiosInstance['put']>) => axiosInstance().then((client) => client.put(...args))) as AxiosInstance['put'],
  delete: ((...args: Parameters<AxiosInstance['delete']>) => axiosInstance().then((client) => client.delete(...args))) as AxiosInstance['delete'],
};
