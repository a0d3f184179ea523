/** Demo opening hours: weekdays ~08:30–19:00 (with a lunch break in the south), shorter Saturdays, closed Sundays. */
import type { CountryCode } from '../../markets.ts';
import type { Dealer } from '../dealer.ts';
import type { DemoRandom } from './DemoRandom.ts';

type OpeningHours = Dealer['openingHours'];

// Where a long lunch break is common, and how often dealers there take one.
const LUNCH_BREAK_SHARE: Readonly<Record<CountryCode, number>> = {
  AT: 0.05,
  BE: 0.2,
  DE: 0,
  ES: 0.5,
  FR: 0.35,
  IT: 0.6,
  PL: 0,
  PT: 0.4,
};

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;

/** One dealer's week; days without an entry are closed. */
export function openingHours(country: CountryCode, rng: DemoRandom): OpeningHours {
  const opens = rng.pick(['08:00', '08:30', '08:30', '09:00']);
  // Spain keeps shops open later in the evening.
  const closes =
    country === 'ES' ? rng.pick(['20:00', '20:30']) : rng.pick(['18:00', '18:30', '19:00', '19:00', '19:30']);
  const lunch = rng.chance(LUNCH_BREAK_SHARE[country])
    ? { from: rng.pick(['12:00', '12:30']), to: country === 'ES' ? '16:00' : rng.pick(['14:00', '14:30']) }
    : undefined;

  const week: OpeningHours = [];
  for (const day of WEEKDAYS) {
    if (lunch) {
      week.push({ day, opens, closes: lunch.from }, { day, opens: lunch.to, closes });
    } else {
      week.push({ day, opens, closes });
    }
  }
  if (rng.chance(0.9)) {
    week.push({
      day: 'sat',
      opens: rng.pick(['09:00', '09:30', '10:00']),
      closes: rng.pick(['12:30', '13:00', '17:00', '18:00']),
    });
  }
  return week;
}
