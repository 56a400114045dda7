/**
 * A refusal or failure with a stable code and the HTTP status the edge
 * renders it with (as ProblemDetails). Crosses the bus as `ErrorBody`.
 */
export interface ErrorBody {
  code: string;
  status: number;
  title: string;
  detail: string;
}

export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    readonly title: string,
    readonly detail: string,
  ) {
    super(detail);
    this.name = 'AppError';
  }

  /** 4xx errors are decisions, not faults: never retried. */
  get retryable(): boolean {
    return this.status >= 500;
  }

  toBody(): ErrorBody {
    return { code: this.code, status: this.status, title: this.title, detail: this.detail };
  }

  static fromBody(body: ErrorBody): AppError {
    return new AppError(body.code, body.status, body.title, body.detail);
  }
}

export const notImplemented = (what: string) =>
  new AppError('NOT_IMPLEMENTED', 501, 'Not Implemented', `${what} is not available in this release of the VNF Manager.`);
export const serviceUnavailable = (detail: string) => new AppError('SERVICE_UNAVAILABLE', 503, 'Service Unavailable', detail);
export const timeoutError = (detail: string) => new AppError('TIMEOUT', 504, 'Gateway Timeout', detail);
