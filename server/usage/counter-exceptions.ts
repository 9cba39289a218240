/**
 * The Exceptions of the COUNTER API (Code of Practice 5.1, Appendix D, Table D.1): each code with its message, which
 * must match the table exactly, and the HTTP status it is answered with.
 */
export const EXCEPTIONS = {
  1000: { message: 'Service Not Available', status: 503 },
  1010: { message: 'Service Busy', status: 503 },
  1020: { message: 'Client has made too many requests', status: 429 },
  1030: { message: 'Insufficient Information to Process Request', status: 400 },
  2000: { message: 'Requestor Not Authorized to Access Service', status: 401 },
  2010: { message: 'Requestor is Not Authorized to Access Usage for Institution', status: 403 },
  2011: { message: 'Global Reports Not Supported', status: 403 },
  2020: { message: 'APIKey Invalid', status: 401 },
  3020: { message: 'Invalid Date Arguments', status: 400 },
  3030: { message: 'No Usage Available for Requested Dates', status: 200 },
  3031: { message: 'Usage Not Ready for Requested Dates', status: 200 },
  3050: { message: 'Parameter Not Recognized in this Context', status: 200 },
  3060: { message: 'Invalid ReportFilter Value', status: 200 },
  3062: { message: 'Invalid ReportAttribute Value', status: 200 },
  3063: { message: 'Components Not Supported', status: 200 },
} as const;

export type ExceptionCode = keyof typeof EXCEPTIONS;

/** An Exception as the COUNTER_SUSHI schema writes it. */
export interface CounterException {
  Code: ExceptionCode;
  Message: string;
  Data?: string;
}

export function counterException(code: ExceptionCode, data?: string): CounterException {
  return { Code: code, Message: EXCEPTIONS[code].message, ...(data ? { Data: data } : {}) };
}

/** An error that ends a COUNTER API call: answered with its HTTP status and the single Exception as the body. */
export class CounterError extends Error {
  readonly exception: CounterException;
  readonly status: number;
  readonly headers: Record<string, string>;

  constructor(code: ExceptionCode, data?: string, headers: Record<string, string> = {}) {
    super(`${code}: ${EXCEPTIONS[code].message}`);
    this.exception = counterException(code, data);
    this.status = EXCEPTIONS[code].status;
    this.headers = headers;
  }
}

/** The Exceptions header of a tabular report: `{Code}: {Message} ({Data})`, separated by semicolon-space. */
export function exceptionsText(exceptions: readonly CounterException[]): string {
  return exceptions.map((e) => `${e.Code}: ${e.Message}${e.Data ? ` (${e.Data})` : ''}`).join('; ');
}

/**
 * The COUNTER API's answer to a request the service wrapper refuses before any COUNTER code runs (a parameter holding a
 * control character): Exception 1030, as the document's 400 answers are, rather than the site's own error shape.
 */
export function counterWrapperError(error: { status: number; message: string }): unknown {
  return error.status === 400 ? counterException(1030, error.message) : error;
}
