/**
 * decidePurchase(command, state, facts) → events (ARCHITECTURE "Funnels"): the command (its shape
 * parsed at the edge: commands.ts) is decided against the machine: every event is checked before it is
 * folded in (the machine must take it), so a decision can only return histories the machine takes.
 * A command the state does not take → `stepNotAllowed` (409) naming the step and the commands allowed
 * now; a rule of the purchase broken by the input (another country, a down payment out of range, an
 * offer past its date) → ValidationError (400). Deterministic: the same command, state and facts
 * always give the same events.
 */
import { stepNotAllowed } from '../funnel/stepNotAllowed.ts';
import { allowedCommands } from './allowedCommands.ts';
import type { PurchaseCommand } from './commands.ts';
import { decideEvents } from './decideEvents.ts';
import type { PurchaseEvent } from './events.ts';
import type { PurchaseFacts } from './facts.ts';
import { Refusal } from './purchaseDraft.ts';
import type { PurchaseSnapshot } from './purchaseState.ts';
import { describePurchaseState } from './purchaseStatus.ts';

export function decidePurchase(
  command: PurchaseCommand,
  state: PurchaseSnapshot,
  facts: PurchaseFacts,
): PurchaseEvent[] {
  if (Number.isNaN(Date.parse(facts.at))) throw new Error(`purchase: facts.at ${facts.at} is not a time`);
  try {
    return decideEvents(command, state, facts);
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    throw stepNotAllowed('purchase', command.type, describePurchaseState(state), allowedCommands(state));
  }
}
