/** A JSON endpoint answered with an error status (or not at all: `status` 0). */
export class ApiError extends Error {
  override name = 'ApiError';
  /** HTTP status; 0 when the request failed before an answer (network, abort). */
  readonly status: number;
  /** The path asked for, without origin. */
  readonly path: string;

  /** A 400 that refused only the path's parameters (an id too long to exist): it names nothing. */
  readonly refusedPath: boolean;

  constructor(
    status: number,
    path: string,
    message: string,
    options?: ErrorOptions & { readonly refusedPath?: boolean },
  ) {
    super(message, options);
    this.status = status;
    this.path = path;
    this.refusedPath = options?.refusedPath ?? false;
  }

  /** Whether the thing asked for does not exist: a 404, or a path whose parameters cannot name one. */
  get notFound(): boolean {
    return this.status === 404 || this.refusedPath;
  }
}

/** Whether an error (possibly serialised across SSR) says the thing asked for does not exist. */
export function isApiNotFound(error: unknown): boolean {
  if (error instanceof ApiError) return error.notFound;
  const serialised = error as { status?: unknown; refusedPath?: unknown } | undefined;
  return serialised?.status === 404 || serialised?.refusedPath === true;
}

/** Whether a 400's body refused only the path's parameters (`fields` all under `params.`). */
export function refusesOnlyPath(body: unknown): boolean {
  const fields = (body as { fields?: Record<string, unknown> } | null)?.fields;
  const names = fields ? Object.keys(fields) : [];
  return names.length > 0 && names.every((name) => name.startsWith('params.'));
}
