/**
 * Building a URL failed (SPEC §8): the route is unknown (`not_found`) or a parameter is missing, unknown
 * or breaks its rule (`validation`, with the parameter in `details.fields`).
 */
import { DomainError, type ErrorDetails } from '../errors.ts';

/** A route could not be built. */
export class RouteError extends DomainError {
  override name = 'RouteError';
  declare readonly code: 'not_found' | 'validation';
  /** The route name as given. */
  readonly route: string;
  /** The parameter at fault, if any. */
  readonly param: string | undefined;

  private constructor(
    code: 'not_found' | 'validation',
    route: string,
    param: string | undefined,
    message: string,
    details: ErrorDetails,
  ) {
    super(code, message, details);
    this.route = route;
    this.param = param;
  }

  /** No route has this name; `hint` says what is wrong with it. */
  static unknownRoute(route: string, hint?: string): RouteError {
    const message = `unknown route "${route}"${hint === undefined ? '' : ` (${hint})`}`;
    return new RouteError('not_found', route, undefined, message, { route });
  }

  /** A parameter of a known route is missing, unknown or invalid; `problem` completes "parameter x …". */
  static invalidParam(route: string, param: string, problem: string): RouteError {
    return new RouteError('validation', route, param, `route "${route}": parameter "${param}" ${problem}`, {
      route,
      fields: { [param]: [problem] },
    });
  }
}
