/**
 * decide(command, state, facts) → events (ARCHITECTURE "Funnels"): the command is parsed (bad input →
 * ValidationError with field messages, 400), then decided against the machine: every event is checked
 * before it is folded in (the machine must take it: `snapshot.can`, computed once with the transition;
 * the equivalence is tested), so `decide` can only return histories the machine takes.
 * A command the state does not take → `stepNotAllowed` (409) naming the step and the commands allowed
 * now. Deterministic: the same command, state and facts always give the same events.
 */
import { stepNotAllowed } from '../funnel/stepNotAllowed.ts';
import { validate } from '../validate.ts';
import { allowedCommands } from './allowedCommands.ts';
import type { PurchaseCommand } from './commands.ts';
import { decideEvents } from './decideEvents.ts';
import type { PurchaseEvent } from './events.ts';
import type { PurchaseFacts } from './facts.ts';
import { Refusal } from './purchaseDraft.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { describePurchaseState } from './purchaseView.ts';
import { purchaseCommandSchema } from './schemas.ts';

export function decide(
  command: PurchaseCommand,
  state: PurchaseSnapshot,
  facts: PurchaseFacts,
): PurchaseEvent[] {
  const parsed = validate(purchaseCommandSchema, command, 'command');
  if (Number.isNaN(Date.parse(facts.at))) throw new Error(`purchase: facts.at ${facts.at} is not a time`);
  try {
    return decideEvents(parsed, state, facts);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw stepNotAllowed('purchase', parsed.type, describePurchaseState(state), allowedCommands(state));
  }
}
