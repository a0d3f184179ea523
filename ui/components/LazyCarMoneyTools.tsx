/**
 * The car page's money tools (CarMoneyTools.tsx) as an island (Island.tsx): their code loads when the
 * visitor comes near them, after the page has hydrated; the page's loader awaits `loadCarMoneyTools()`
 * (on the server, and on a navigation in the browser), so they always render at once with the page.
 */
import { memo } from 'react';
import type { CarMoneyToolsProps } from './CarMoneyTools.tsx';
import { Island, lazyModule } from './Island.tsx';

const carMoneyTools = lazyModule(() => import('./CarMoneyTools.tsx'));

/** The widgets' module (loaded once; a failed download is tried again next time). */
export const loadCarMoneyTools = () => carMoneyTools.load();

export const CarMoneyToolsIsland = memo(function CarMoneyToolsIsland(props: CarMoneyToolsProps) {
  return (
    <Island
      module={carMoneyTools}
      className="car-detail__money-island"
      render={(tools) => <tools.CarMoneyTools {...props} />}
    />
  );
});
