/** An error a handler knows how to answer: the wrapper sends `{ status, message }` with this status. */
export class HttpError extends Error {
  readonly status: number;
  readonly field?: string;
  readonly headers?: Record<string, string>;

  constructor(status: number, message: string, options: { field?: string; headers?: Record<string, string> } = {}) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.field = options.field;
    this.headers = options.headers;
  }
}

export const MESSAGES = {
  unauthorized: 'Sign in to continue',
  invalidToken: 'Your session is not valid; please sign in again',
  forbidden: 'You are not allowed to do that',
  xsrf: 'Missing or wrong X-XSRF-TOKEN header',
  notFound: 'Not found',
  databaseDown: 'The library is not reachable right now. Please try again in a few minutes.',
  internal: 'Something went wrong on our side. Please try again.',
  tooLarge: 'The request body is too large',
  badJson: 'The request body is not valid JSON',
  jsonOnly: 'Send the request body as application/json',
} as const;
