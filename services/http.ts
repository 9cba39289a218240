import axios, { AxiosError, type AxiosInstance } from 'axios';
import Cookies from 'js-cookie';
import { COOKIE, XSRF_HEADER } from '@/lib/cookies';
import { SERVICE_URL } from './keys';
import { storedToken } from './token';

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

/** The spec's message for a failed request. */
export function apiErrorFrom(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (axios.isCancel(error)) return new ApiError('Request aborted', null);
  if (error instanceof AxiosError) {
    const status = error.response?.status ?? null;
    const data = error.response?.data as { message?: unknown; field?: unknown } | undefined;
    const serverMessage = typeof data?.message === 'string' ? data.message : null;
    const field = typeof data?.field === 'string' ? data.field : null;
    if (status !== null) return new ApiError(`Request failed with status code ${status}`, status, serverMessage, field);
    if (error.code === AxiosError.ECONNABORTED && /timeout/i.test(error.message)) return new ApiError(error.message, null);
    if (error.code === AxiosError.ETIMEDOUT) return new ApiError(error.message, null);
    if (error.code === AxiosError.ECONNABORTED) return new ApiError('Request aborted', null);
    return new ApiError('Network Error', null);
  }
  return new ApiError('Network Error', null);
}

const isBrowser = typeof window !== 'undefined';

export { SERVICE_URL, storedToken };

/** The only axios instance: bearer token, anti-forgery header, and one ApiError for every failure. */
export const http: AxiosInstance = axios.create({ withCredentials: true });

http.interceptors.request.use((config) => {
  const token = storedToken();
  if (token) config.headers.set('Authorization', `Bearer ${token}`);
  const xsrf = isBrowser ? Cookies.get(COOKIE.xsrf) : undefined;
  if (xsrf) config.headers.set(XSRF_HEADER, xsrf);
  return config;
});

http.interceptors.response.use(
  (response) => response,
  (error: unknown) => Promise.reject(apiErrorFrom(error)),
);
