/** A dealer's opening hours, one row per weekday (several slots a day; "closed" when none). */
import { WEEKDAYS } from '../../domain/catalogue/dealer.ts';
import type { OpeningSlot } from '../api/types.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';

export function OpeningHours(props: { readonly hours: readonly OpeningSlot[]; readonly compact?: boolean }) {
  const t = useTranslator();
  return (
    <table className={props.compact ? 'hours hours--compact' : 'hours'}>
      <caption className="visually-hidden">{t.t('dealers.openingHours')}</caption>
      <tbody>
        {WEEKDAYS.map((day) => {
          const slots = props.hours
            .filter((slot) => slot.day === day)
            .sort((a, b) => a.opens.localeCompare(b.opens));
          return (
            <tr key={day} className={slots.length === 0 ? 'is-closed' : undefined}>
              <th scope="row">{t.t(`dealers.weekdays.${day}`)}</th>
              <td>
                {slots.length === 0
                  ? t.t('dealers.closed')
                  : slots.map((slot) => `${slot.opens}–${slot.closes}`).join(', ')}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
