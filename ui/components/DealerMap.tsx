/**
 * Dealers on an OpenStreetMap map. Leaflet is loaded in the browser only, after hydration, when the
 * visitor comes near the map (a dynamic import in an effect, `onApproach` of Island.tsx: never on the
 * server). The server and the first browser render show an empty frame; if Leaflet or the tiles cannot
 * load, the frame says so and the page's dealer list is untouched.
 */
import { useEffect, useRef, useState } from 'react';
import type { DealerSummary } from '../api/types.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { dealerUrl } from '../router/dealerUrl.ts';
import { onApproach } from './Island.tsx';

const TILES = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

type State = 'loading' | 'ready' | 'no-tiles' | 'failed';

export function DealerMap(props: { readonly dealers: readonly DealerSummary[]; readonly label: string }) {
  const t = useTranslator();
  const frame = useRef<HTMLElement>(null);
  const [state, setState] = useState<State>('loading');
  const { dealers } = props;
  const { locale } = t;

  useEffect(() => {
    let cancelled = false;
    let remove: (() => void) | undefined;
    const show = async () => {
      const [module] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
      const L = module.default ?? module;
      const element = frame.current;
      if (cancelled || !element) return;
      const map = L.map(element, { scrollWheelZoom: false, attributionControl: true });
      remove = () => map.remove();
      let loaded = 0;
      const tiles = L.tileLayer(TILES, { attribution: ATTRIBUTION, maxZoom: 18 });
      tiles.on('tileload', () => {
        loaded += 1;
      });
      tiles.on('tileerror', () => {
        if (loaded === 0 && !cancelled) setState('no-tiles');
      });
      tiles.addTo(map);
      const points: [number, number][] = [];
      for (const dealer of dealers) {
        const point: [number, number] = [dealer.lat, dealer.lng];
        points.push(point);
        // Popup content built as DOM nodes: dealer names are data, never HTML.
        const popup = document.createElement('a');
        popup.textContent = dealer.name;
        popup.href = dealerUrl(dealer, locale) ?? '#';
        L.circleMarker(point, {
          radius: 9,
          weight: 3,
          color: '#ffffff',
          fillColor: '#1d4ed8',
          fillOpacity: 1,
        })
          .bindPopup(popup)
          .addTo(map);
      }
      if (points.length === 1) map.setView(points[0]!, 13);
      else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 13 });
      else map.setView([48.5, 8], 4);
      setState((current) => (current === 'loading' ? 'ready' : current));
    };
    const stop = frame.current
      ? onApproach(frame.current, () => {
          show().catch(() => {
            if (!cancelled) setState('failed');
          });
        })
      : undefined;
    return () => {
      cancelled = true;
      stop?.();
      remove?.();
    };
  }, [dealers, locale]);

  return (
    <div className={`dealer-map dealer-map--${state}`}>
      <section ref={frame} className="dealer-map__canvas" aria-label={props.label} />
      {state === 'failed' || state === 'no-tiles' ? (
        <p className="dealer-map__notice" role="status">
          {t.t('dealers.mapUnavailable')}
        </p>
      ) : null}
    </div>
  );
}
