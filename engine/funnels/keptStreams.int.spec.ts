/**
 * Kept streams (README.md "Kept streams"): a command decides on the stream as this process's last
 * command left it, without reading it; when another instance moved the funnel since, what it answers is
 * still decided on the funnel as it is, and nobody acts on another buyer's funnel through what is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError } from '../../domain/errors.ts';
import { purchaseStream } from '../../domain/purchase/events.ts';
import { countStatements } from '../testing/statementCounter.ts';
import { MY_INFOS_FR } from './testing/buyerForms.ts';
import { as, buyer, type FunnelHarness, openFunnelHarness, streamTypes } from './testing/funnelHarness.ts';

describe('kept streams', () => {
  let h: FunnelHarness;
  beforeAll(async () => {
    h = await openFunnelHarness();
  });
  afterAll(async () => {
    await h?.close();
  });

  /** A buyer's purchase on this instance, at the recovery step. */
  async function atRecovery(name: string) {
    const me = buyer(await h.customer(name));
    const p = h.funnels.purchases;
    const { purchaseId: id } = await p.start({ carId: h.freshCar().carId, locale: 'fr' }, as(me));
    await p.submitInfos(id, MY_INFOS_FR, as(me));
    const view = await p.chooseDelivery(id, { mode: 'pickup' }, as(me));
    expect(view.step).toBe('recovery');
    return { me, id };
  }
  const readsOf = (sent: readonly string[]) => sent.filter((sql) => sql.includes('AS stream_revision'));

  describe('given a purchase this instance moved last', () => {
    it('when its buyer takes the next step, then the purchase’s stream is not read', async () => {
      const { me, id } = await atRecovery('kept-1');
      const statements = countStatements();
      try {
        const view = await h.funnels.purchases.skipTradeIn(id, as(me));
        expect(view.step).toBe('insurance');
        expect(readsOf(statements.sent())).toEqual([]);
      } finally {
        statements.stop();
      }
    });

    it('when another buyer calls on it, then 404 as on a read, and nothing is written', async () => {
      const { id } = await atRecovery('kept-2');
      const other = buyer(await h.customer('kept-2-other'));
      const before = await streamTypes(h.store, purchaseStream(id));
      await expect(h.funnels.purchases.skipTradeIn(id, as(other))).rejects.toBeInstanceOf(NotFoundError);
      expect(await streamTypes(h.store, purchaseStream(id))).toEqual(before);
    });
  });

  describe('given another instance moved the purchase since', () => {
    it('when a step this instance would refuse on what it kept follows, then it is decided afresh', async () => {
      const { me, id } = await atRecovery('kept-3');
      const other = h.otherInstance().purchases;
      expect((await other.skipTradeIn(id, as(me))).step).toBe('insurance');
      // This instance kept the purchase at recovery, where insurance is not chosen yet.
      const view = await h.funnels.purchases.chooseInsurance(id, { offerId: null }, as(me));
      expect(view.step).toBe('additional-optional');
    });

    it('when a step allowed on both follows, then the append sees the move and it is decided afresh', async () => {
      const { me, id } = await atRecovery('kept-4');
      const other = h.otherInstance().purchases;
      await other.skipTradeIn(id, as(me));
      await other.chooseInsurance(id, { offerId: null }, as(me));
      // What this instance kept (recovery) allows skipping the trade-in: its append expects that revision.
      const view = await h.funnels.purchases.skipTradeIn(id, as(me));
      const types = await streamTypes(h.store, purchaseStream(id));
      expect(types.filter((type) => type === 'InsuranceChosen')).toHaveLength(1);
      expect(view.events.length).toBe(types.length);
    });
  });
});
