/** A JSON endpoint answered with an error status (or not at all: `status` 0). */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the request failed before an answer (network, abort). */
  readonly status: number;
  /** The path asked for, without origin. */
  readonly path: string;

  constructor(status: number, path: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.status = status;
    this.path = path;
  }

  /** Whether the answer was 404: the thing asked for does not exist. */
  get notFound(): boolean {
    return this.status === 404;
  }
}

/** Whether an error (possibly serialised across SSR) is an API 404. */
export function isApiNotFound(error: unknown): boolean {
  return error instanceof ApiError ? error.notFound : (error as { status?: unknown })?.status === 404;
}
