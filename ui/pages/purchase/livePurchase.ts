/**
 * The page's actor of the purchase machine (ARCHITECTURE "Funnel screens"): restored from the
 * purchase's snapshot, advanced by the events of every later answer (a command's, or the next page's),
 * and read with `useSelector` for the step, the status, the commands allowed now, the steps one may go
 * back to, the amounts and the hold — by `purchaseNow`, the function the server's view uses too.
 */
import { useActorRef, useSelector } from '@xstate/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { purchaseMachine } from '../../../domain/purchase/machine.ts';
import { purchaseNow } from '../../../domain/purchase/purchaseNow.ts';
import { restorePurchase } from '../../../domain/purchase/purchaseState.ts';
import type { PurchaseJson } from '../../api/purchaseTypes.ts';

/** A purchase as the server answered it at some version. */
type Answer = Pick<PurchaseJson, 'purchaseId' | 'version' | 'events'>;

const isAnswer = (answer: object): answer is Answer =>
  'purchaseId' in answer &&
  'version' in answer &&
  'events' in answer &&
  typeof answer.version === 'number' &&
  Array.isArray(answer.events);

export interface LivePurchase {
  /** The latest answer with what the actor says now in place of the answer's own reading. */
  readonly purchase: PurchaseJson;
  /** Brings the actor to `answer`'s version with the events it has not seen (an older answer: nothing). */
  readonly advance: (answer: object) => void;
}

export function useLivePurchase(purchase: PurchaseJson): LivePurchase {
  const [restored] = useState(() => restorePurchase(purchase.snapshot));
  const actor = useActorRef(purchaseMachine, { snapshot: restored });
  // The newest answer seen: a command's answer is newer than the page's until the next page comes.
  const [latest, setLatest] = useState(purchase);
  const seen = useRef(purchase.version);
  const advance = useCallback(
    (answer: object) => {
      if (!isAnswer(answer) || answer.purchaseId !== purchase.purchaseId || answer.version <= seen.current)
        return;
      for (const event of answer.events.slice(seen.current)) actor.send(event);
      seen.current = answer.version;
      setLatest(answer as PurchaseJson);
    },
    [actor, purchase.purchaseId],
  );
  // A newer page (loaded after a command, or another tab's change) brings its events along.
  useEffect(() => advance(purchase), [advance, purchase]);
  const now = useSelector(actor, purchaseNow);
  const shown = latest.version >= purchase.version ? latest : purchase;
  return { purchase: { ...shown, ...now }, advance };
}
