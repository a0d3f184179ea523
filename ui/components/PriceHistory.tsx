/** How a car's price moved: a small line chart and the list of prices with their dates. */
import type { PricePoint } from '../api/types.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';

const WIDTH = 320;
const HEIGHT = 80;

function sparkline(points: readonly PricePoint[]): string {
  const amounts = points.map((p) => p.price.amount);
  const min = Math.min(...amounts);
  const max = Math.max(...amounts);
  const span = max - min || 1;
  // A step line: a price holds until the next change.
  const xs = points.map((_, i) =>
    points.length === 1 ? WIDTH / 2 : (i / (points.length - 1)) * (WIDTH - 8) + 4,
  );
  const ys = amounts.map((a) => HEIGHT - 8 - ((a - min) / span) * (HEIGHT - 16));
  return xs.map((x, i) => (i === 0 ? `M${x},${ys[i]}` : `H${x}V${ys[i]}`)).join('');
}

export function PriceHistory(props: { readonly history: readonly PricePoint[] }) {
  const t = useTranslator();
  const history = [...props.history].sort((a, b) => a.at.localeCompare(b.at));
  if (history.length === 0) return null;
  return (
    <div className="price-history">
      {history.length > 1 ? (
        <svg
          className="price-history__chart"
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          aria-hidden="true"
          focusable="false"
        >
          <path
            d={sparkline(history)}
            fill="none"
            stroke="currentColor"
            strokeWidth="2.5"
            strokeLinejoin="round"
          />
        </svg>
      ) : null}
      <table className="price-history__table">
        <thead>
          <tr>
            <th scope="col">{t.t('car.date')}</th>
            <th scope="col">{t.t('car.price')}</th>
          </tr>
        </thead>
        <tbody>
          {history
            .slice()
            .reverse()
            .map((point) => (
              <tr key={point.at}>
                <td>
                  <time dateTime={point.at}>{t.date(point.at)}</time>
                </td>
                <td>{t.price(point.price)}</td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}
