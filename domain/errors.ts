/**
 * The one typed error family of the application. Layers throw these; the HTTP error handler maps `code`
 * to a status (validation → 400/422, not_found → 404, conflict → 409, illegal_state → 409/422,
 * forbidden → 403), so no layer needs to know another's error classes. Event-store errors live in
 * engine/, not here.
 */

/** Every kind of domain failure. */
export const DOMAIN_ERROR_CODES = [
  'validation',
  'not_found',
  'conflict',
  'illegal_state',
  'forbidden',
] as const;

/** One kind of domain failure. */
export type DomainErrorCode = (typeof DOMAIN_ERROR_CODES)[number];

/** Details of a validation failure: the problems found, per field (or parameter) name. */
export type ValidationDetails = {
  readonly fields: Readonly<Record<string, readonly string[]>>;
};

/** Free-form, serialisable details (a conflict's expected and actual revision, an entity id, …). */
export type ErrorDetails = Readonly<Record<string, unknown>>;

/** Base of all domain errors: a stable machine-readable `code`, a human message, optional details. */
export class DomainError extends Error {
  override name = 'DomainError';
  readonly code: DomainErrorCode;
  readonly details: ErrorDetails | undefined;

  constructor(code: DomainErrorCode, message: string, details?: ErrorDetails, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
    this.details = details;
  }
}

/** Input breaks a rule. `details.fields` says which fields and why, ready to show beside a form. */
export class ValidationError extends DomainError {
  override name = 'ValidationError';
  declare readonly code: 'validation';
  declare readonly details: ValidationDetails;

  constructor(
    message: string,
    fields: Readonly<Record<string, readonly string[]>> = {},
    options?: ErrorOptions,
  ) {
    super('validation', message, { fields }, options);
  }

  /** A validation error about a single field. */
  static field(field: string, problem: string): ValidationError {
    return new ValidationError(`${field}: ${problem}`, { [field]: [problem] });
  }
}

/** The thing asked for does not exist (a car, a purchase, a route). */
export class NotFoundError extends DomainError {
  override name = 'NotFoundError';
  declare readonly code: 'not_found';

  constructor(message: string, details?: ErrorDetails, options?: ErrorOptions) {
    super('not_found', message, details, options);
  }
}

/** Someone else changed the thing first (a concurrent write, a car already held); retrying may help. */
export class ConflictError extends DomainError {
  override name = 'ConflictError';
  declare readonly code: 'conflict';

  constructor(message: string, details?: ErrorDetails, options?: ErrorOptions) {
    super('conflict', message, details, options);
  }
}

/** The request makes no sense in the current state (paying a cancelled booking); retrying will not help. */
export class IllegalStateError extends DomainError {
  override name = 'IllegalStateError';
  declare readonly code: 'illegal_state';

  constructor(message: string, details?: ErrorDetails, options?: ErrorOptions) {
    super('illegal_state', message, details, options);
  }
}

/** The thing exists and may be seen, but this caller may not change it (someone else's saved view). */
export class ForbiddenError extends DomainError {
  override name = 'ForbiddenError';
  declare readonly code: 'forbidden';

  constructor(message: string, details?: ErrorDetails, options?: ErrorOptions) {
    super('forbidden', message, details, options);
  }
}

/** Whether a value is a domain error, optionally of one code. */
export function isDomainError(value: unknown, code?: DomainErrorCode): value is DomainError {
  return value instanceof DomainError && (code === undefined || value.code === code);
}
