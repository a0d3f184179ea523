/**
 * The one way a funnel refuses a command its current state does not allow: an IllegalStateError (→ 409)
 * that names the state and what is allowed now, so the client can move the buyer to the right step.
 */
import { IllegalStateError } from '../errors.ts';
import type { FunnelKind } from './funnelKind.ts';

export function stepNotAllowed(
  funnel: FunnelKind,
  command: string,
  state: string,
  allowed: readonly string[],
): IllegalStateError {
  return new IllegalStateError(
    `${command} is not allowed while the ${funnel} is ${state}; allowed now: ${allowed.length > 0 ? allowed.join(', ') : 'nothing (it is finished)'}`,
    { funnel, command, state, allowed: [...allowed] },
  );
}
