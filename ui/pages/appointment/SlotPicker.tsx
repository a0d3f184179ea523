/**
 * The free slots of a week as radio buttons per day (`slot=YYYY-MM-DDTHH:MM`). Without JavaScript the
 * week links reload the page with `?from=`; with it, they ask SPEC `widget hourly/{idApi}` and swap the
 * week in place.
 */
import { useState } from 'react';
import { addDays } from '../../../domain/appointment/slots.ts';
import { type Locale, marketOf } from '../../../domain/markets.ts';
import type { DaySlotsJson, SlotsJson } from '../../api/appointmentTypes.ts';
import { withQuery } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import type { AppointmentMessages } from './messages/fr.ts';

/** A day's heading (`lundi 9 mars`), the same on the server and in the browser. */
export function dayLabel(day: string, locale: Locale): string {
  const text = new Intl.DateTimeFormat(marketOf(locale).language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
  return text.charAt(0).toLocaleUpperCase(marketOf(locale).language) + text.slice(1);
}

export function SlotPicker(props: {
  readonly locale: Locale;
  readonly m: AppointmentMessages;
  readonly slots: SlotsJson;
  /** The page (with its query) the week links reload without JavaScript. */
  readonly pageUrl: (from: string) => string;
  /** SPEC widget hourly: the slots of another week. */
  readonly widget?: string;
  readonly selected?: string | undefined;
  readonly error?: string | undefined;
  readonly idPrefix?: string;
}) {
  const { m, locale } = props;
  const [days, setDays] = useState<readonly DaySlotsJson[]>(props.slots.days);
  const [busy, setBusy] = useState(false);
  const first = days[0]?.day;
  const id = `${props.idPrefix ?? 'slot'}-picker`;
  const errorId = props.error ? `${id}-error` : undefined;

  const go = async (event: React.MouseEvent<HTMLAnchorElement>, from: string) => {
    if (!props.widget) return;
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch(withQuery(props.widget, { purpose: props.slots.purpose, from, days: 7 }), {
        headers: { accept: 'application/json' },
      });
      if (!response.ok) throw new Error(String(response.status));
      const answer = (await response.json()) as SlotsJson;
      setDays(answer.days);
    } catch {
      window.location.assign(props.pageUrl(from));
    } finally {
      setBusy(false);
    }
  };

  // No week before the first one offered (the server starts at the dealer's today).
  const earlier = first && first > props.slots.today ? addDays(first, -7) : undefined;
  const later = first ? addDays(first, 7) : undefined;
  return (
    <fieldset className="field slot-picker" aria-describedby={errorId} aria-busy={busy || undefined}>
      <legend>
        {m.slotLegend}
        <span aria-hidden="true"> *</span>
      </legend>
      <p className="field__help">{fill(m.slotHelp, { minutes: props.slots.slotMinutes })}</p>
      {props.error ? (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      ) : null}
      <div className="slot-picker__days">
        {days.map(({ day, slots }) => (
          <fieldset key={day} className="slot-picker__day">
            <legend className="slot-picker__legend">{dayLabel(day, locale)}</legend>
            {slots.length === 0 ? (
              <p className="slot-picker__none">{m.noSlot}</p>
            ) : (
              <ul className="slot-picker__slots">
                {slots.map((slot) => {
                  const value = `${day}T${slot.time}`;
                  return (
                    <li key={value}>
                      <label className="slot-picker__slot">
                        <input
                          type="radio"
                          name="slot"
                          value={value}
                          required
                          defaultChecked={props.selected === value}
                          aria-invalid={props.error ? true : undefined}
                        />
                        <span>{slot.time}</span>
                      </label>
                    </li>
                  );
                })}
              </ul>
            )}
          </fieldset>
        ))}
      </div>
      <p className="slot-picker__weeks">
        {earlier ? (
          <a className="btn btn--ghost" href={props.pageUrl(earlier)} onClick={(e) => go(e, earlier)}>
            {m.earlier}
          </a>
        ) : null}
        {later ? (
          <a className="btn btn--ghost" href={props.pageUrl(later)} onClick={(e) => go(e, later)}>
            {m.later}
          </a>
        ) : null}
        {busy ? <span role="status">{m.loading}</span> : null}
      </p>
    </fieldset>
  );
}
