import { beforeAll, describe, expect, it } from 'vitest';
import { type AnyTransitionDefinition, createActor, type InspectionEvent, transition } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { allowedCommands, reopenableSteps } from './allowedCommands.ts';
import type { PurchaseEvent } from './events.ts';
import { purchaseEnded, purchaseMachine } from './machine.ts';
import {
  initialPurchaseState,
  nextPurchase,
  type PurchaseSnapshot,
  persistPurchase,
  replayPurchase,
  restorePurchase,
} from './purchaseState.ts';
import { purchaseSummary } from './purchaseSummary.ts';
import { abstractKey, sampleEvents } from './testing/sampleEvents.ts';
import { trialAllowedCommands, trialReopenableSteps } from './testing/trialAllowedCommands.ts';

type Node = typeof purchaseMachine.root;

/** Every transition the machine defines: event transitions and eventless (`always`) ones, labelled. */
function definedTransitions(node: Node, into = new Map<AnyTransitionDefinition, string>()) {
  const targets = (t: AnyTransitionDefinition) => t.target?.map((s) => s.id).join(',') ?? '(stays)';
  for (const [eventType, list] of node.transitions) {
    for (const [i, t] of list.entries()) into.set(t, `${node.id} —${eventType}[${i}]→ ${targets(t)}`);
  }
  for (const [i, t] of (node.always ?? []).entries()) into.set(t, `${node.id} —always[${i}]→ ${targets(t)}`);
  for (const child of Object.values(node.states)) definedTransitions(child as Node, into);
  return into;
}

/** The transitions one event takes from a state, as the machine reports them (microsteps, `always` too). */
function transitionsTaken(from: PurchaseSnapshot, event: PurchaseEvent): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = [];
  const inspect = (e: InspectionEvent) => {
    if (e.type === '@xstate.microstep') taken.push(...e._transitions);
  };
  const actor = createActor(purchaseMachine, { snapshot: from, inspect }).start();
  actor.send(event);
  actor.stop();
  return taken;
}

interface EdgePath {
  readonly events: PurchaseEvent[];
  readonly state: PurchaseSnapshot;
}

// Each test walks thousands of generated paths: room for a busy machine.
describe('paths generated from the purchase machine (xstate/graph)', { timeout: 120_000 }, () => {
  let edgePaths: EdgePath[];
  /** The end state of each shortest path. */
  const ends: PurchaseSnapshot[] = [];
  const taken = new Set<AnyTransitionDefinition>();

  beforeAll(() => {
    // Shortest paths to every (coarse) state, each then extended by every event its end state takes:
    // together they take every edge out of every state reached.
    const paths = getShortestPaths(purchaseMachine, {
      events: sampleEvents,
      serializeState: (snapshot) => abstractKey(snapshot),
      // Three payment attempts meet every payment rule; more would only repeat them.
      filterEvents: (snapshot, event) =>
        event.type !== 'AdvancePaymentRequested' || snapshot.context.payments.length < 3,
    });
    edgePaths = [];
    for (const path of paths) {
      // The first step of a path is the machine's own start (`xstate.init`), not a purchase event.
      const events = path.steps.map((s) => s.event).filter((e) => e.type !== ('xstate.init' as string));
      // States merged by the coarse key differ in details: follow the path's events for real.
      const state = replayPurchase(events);
      ends.push(state);
      edgePaths.push({ events, state });
      for (const event of sampleEvents(state)) {
        const [next] = transition(purchaseMachine, state, event);
        if (next === state) continue; // not taken (see the last test)
        for (const t of transitionsTaken(state, event)) taken.add(t);
        edgePaths.push({ events: [...events, event], state: next });
      }
    }
  }, 60_000);

  it('takes every transition the machine defines at least once', () => {
    expect(edgePaths.some((p) => p.events.length === 0)).toBe(true);
    const defined = definedTransitions(purchaseMachine.root);
    const missing = [...defined].filter(([t]) => !taken.has(t)).map(([, label]) => label);
    expect(missing).toEqual([]);
    expect(taken.size).toBe(defined.size);
    console.info(
      `purchase machine: ${defined.size} transitions, all taken by ${edgePaths.length} generated paths`,
    );
  });

  it('reaches every state the machine defines', () => {
    const reached = new Set(edgePaths.map((p) => JSON.stringify(p.state.value)));
    const leaves = (node: Node, path: string[]): string[][] =>
      Object.keys(node.states).length === 0
        ? [path]
        : Object.entries(node.states).flatMap(([key, child]) => leaves(child as Node, [...path, key]));
    const transient = ['route', 'entry'];
    for (const leaf of leaves(purchaseMachine.root, []).filter((l) => !transient.includes(l.at(-1)!))) {
      const value = leaf.reduceRight<unknown>(
        (inner, key) => (inner === undefined ? key : { [key]: inner }),
        undefined,
      );
      expect(reached, leaf.join('.')).toContain(JSON.stringify(value));
    }
  });

  it('on every path: amounts are never negative, and a declined finance is never paid without a cash choice', () => {
    for (const { events, state } of edgePaths) {
      for (const amount of Object.values(purchaseSummary(state.context))) {
        if (amount !== null && typeof amount === 'object') expect(amount.amount).toBeGreaterThanOrEqual(0);
      }
      let declined = false;
      for (const event of events) {
        if (event.type === 'FinanceDecided' && event.data.decision === 'declined') declined = true;
        if (event.type === 'FundingChosen' && event.data.mode === 'cash') declined = false;
        if (event.type === 'AdvancePaymentRequested') expect(declined).toBe(false);
      }
    }
  });

  it('a snapshot persisted as JSON and restored takes the same events as the live one', () => {
    for (const state of ends) {
      const restored = restorePurchase(JSON.parse(JSON.stringify(persistPurchase(state))));
      expect(restored.value).toEqual(state.value);
      for (const event of sampleEvents(state)) expect(restored.can(event), event.type).toBe(state.can(event));
    }
  });

  it('an event is taken exactly when the machine returns a new snapshot (what evolve and decide rely on)', () => {
    for (const state of ends) {
      for (const event of sampleEvents(state)) {
        expect(transition(purchaseMachine, state, event)[0] !== state, event.type).toBe(state.can(event));
      }
    }
  });

  it('pureTransition (nextPurchase) gives the snapshots xstate’s transition gives, on every path and sample event', () => {
    for (const { events } of edgePaths) {
      let ours = initialPurchaseState();
      let theirs = initialPurchaseState();
      for (const event of events) {
        ours = nextPurchase(ours, event);
        [theirs] = transition(purchaseMachine, theirs, event);
        expect({ value: ours.value, context: ours.context, status: ours.status }).toEqual({
          value: theirs.value,
          context: theirs.context,
          status: theirs.status,
        });
      }
      for (const event of sampleEvents(ours))
        expect(nextPurchase(ours, event) !== ours, event.type).toBe(
          transition(purchaseMachine, ours, event)[0] !== ours,
        );
    }
  });

  it('what is allowed, read from the machine, is what trial decisions find, at every state of every path', () => {
    // Each path's end (a path's prefixes end other paths).
    for (const { events, state } of edgePaths) {
      const at = `${JSON.stringify(state.value)} after ${events.map((e) => e.type).join(', ')}`;
      expect(allowedCommands(state), at).toEqual(trialAllowedCommands(state));
      expect(reopenableSteps(state), at).toEqual(trialReopenableSteps(state));
    }
  });

  it('finished states take no event; a confirmed purchase takes its handover once', () => {
    const finished = edgePaths.filter((p) => purchaseEnded(p.state));
    expect(new Set(finished.map((p) => JSON.stringify(p.state.value)))).toEqual(
      new Set([
        '{"confirmed":"awaitingHandover"}',
        '{"confirmed":"handedOver"}',
        '"carNotAvailable"',
        '"cancelled"',
      ]),
    );
    for (const { state } of finished) {
      const handover = state.matches({ confirmed: 'awaitingHandover' });
      for (const event of sampleEvents(state))
        expect(state.can(event), event.type).toBe(handover && event.type === 'CarHandedOver');
    }
  });
});
