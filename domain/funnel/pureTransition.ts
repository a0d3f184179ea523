/**
 * xstate's pure `transition(machine, snapshot, event)` without its per-call set-up: each call of xstate's
 * function builds an inert actor for the machine (`createInertActorScope`), and making that actor runs
 * the machine's whole initial transition first. A funnel folds every event of its stream, and
 * `allowedCommands` tries ~40 probe decisions per answer, so that set-up was most of a step's CPU.
 *
 * Here the inert scope is made once per machine and reused. Safe because our funnel machines are pure
 * (ARCHITECTURE "Funnels"): their only actions are `assign`, which xstate resolves into the snapshot
 * itself; they spawn, invoke, emit and schedule nothing, so the scope's no-op executor, emitter and
 * deferral are never asked for anything. The machines' path tests (`machine.paths.unit.spec.ts` of each funnel) check it gives the very same
 * snapshots as xstate's `transition` on every generated path of both machines.
 */
import {
  type ActorScope,
  type AnyStateMachine,
  createActor,
  type EventFrom,
  type SnapshotFrom,
} from 'xstate';

export type PureTransition<M extends AnyStateMachine> = (
  snapshot: SnapshotFrom<M>,
  event: EventFrom<M>,
) => SnapshotFrom<M>;

/** The scope xstate's own `transition` makes on every call, made once (lazily). */
function inertScope(
  machine: AnyStateMachine,
): ActorScope<SnapshotFrom<AnyStateMachine>, EventFrom<AnyStateMachine>> {
  const self = createActor(machine);
  return {
    self,
    defer: () => {},
    id: '',
    logger: () => {},
    sessionId: '',
    stopChild: () => {},
    system: self.system,
    emit: () => {},
    actionExecutor: () => {},
  } as unknown as ActorScope<SnapshotFrom<AnyStateMachine>, EventFrom<AnyStateMachine>>;
}

export function pureTransition<M extends AnyStateMachine>(machine: M): PureTransition<M> {
  let scope: ReturnType<typeof inertScope> | undefined;
  return (snapshot, event) => {
    scope ??= inertScope(machine);
    return machine.transition(snapshot, event, scope) as SnapshotFrom<M>;
  };
}
