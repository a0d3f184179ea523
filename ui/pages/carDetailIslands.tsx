/**
 * The car page's parts that load when the visitor comes near them (islands, ui/components/Island.tsx),
 * beside its money tools (LazyCarMoneyTools.tsx): the gallery's switching of pictures, the price
 * history's chart and the lead form. The page's loader awaits `loadCarDetailIslands()`.
 */
import { memo } from 'react';
import type { CarPhoto } from '../../domain/catalogue/carPhotos.ts';
import type { PricePoint } from '../api/types.ts';
import { Island, lazyModule } from '../components/Island.tsx';
import { leadFormModule } from './leads/LeadFormIsland.tsx';

const gallery = lazyModule(() => import('../components/CarGallery.tsx'));
const prices = lazyModule(() => import('../components/PriceHistory.tsx'));

export const loadCarDetailIslands = () => Promise.all([gallery.load(), prices.load(), leadFormModule.load()]);

export const CarGalleryIsland = memo(function CarGalleryIsland(props: {
  readonly carId: string;
  readonly name: string;
  readonly photos?: readonly CarPhoto[] | undefined;
}) {
  return <Island module={gallery} render={(module) => <module.CarGallery {...props} />} />;
});

export const PriceHistoryIsland = memo(function PriceHistoryIsland(props: {
  readonly history: readonly PricePoint[];
}) {
  return <Island module={prices} render={(module) => <module.PriceHistory {...props} />} />;
});
