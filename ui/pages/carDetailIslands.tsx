/**
 * The car page's parts that load when the visitor comes near them (islands, ui/components/Island.tsx),
 * beside its money tools (LazyCarMoneyTools.tsx): the price history's chart, the dealer's card and the
 * lead form. The page's loader awaits `loadCarDetailIslands()`. The gallery is not one: it is in view
 * at once, and a thumbnail clicked before an island's code has come would be lost (React does not
 * replay that click), while a form's submit still posts.
 */
import { memo } from 'react';
import type { DealerSummary, PricePoint } from '../api/types.ts';
import { Island, lazyModule } from '../components/Island.tsx';
import { leadFormModule } from './leads/LeadFormIsland.tsx';

const prices = lazyModule(() => import('../components/PriceHistory.tsx'));
const dealer = lazyModule(() => import('../components/DealerCard.tsx'));

export const loadCarDetailIslands = () => Promise.all([prices.load(), dealer.load(), leadFormModule.load()]);

export const PriceHistoryIsland = memo(function PriceHistoryIsland(props: {
  readonly history: readonly PricePoint[];
}) {
  return <Island module={prices} render={(module) => <module.PriceHistory {...props} />} />;
});

export const DealerCardIsland = memo(function DealerCardIsland(props: { readonly dealer: DealerSummary }) {
  return (
    <Island
      module={dealer}
      render={(module) => <module.DealerCard dealer={props.dealer} showHours headingLevel={3} />}
    />
  );
});
