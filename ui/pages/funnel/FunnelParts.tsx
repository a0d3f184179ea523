/**
 * What the funnel screens (purchase, booking) show alike besides their forms: the step indicator, a
 * money line, why a car cannot be taken.
 */
import type { Money } from '../../../domain/catalogue/car.ts';
import type { Locale } from '../../../domain/markets.ts';
import { Notice } from '../../components/Notice.tsx';
import { formatPrice } from '../../i18n/format.ts';

export type StepState = 'done' | 'current' | 'todo';

/** The steps of a funnel as a numbered list; the current and done ones say so to screen readers. */
export function FunnelSteps(props: {
  readonly label: string;
  readonly steps: readonly { readonly key: string; readonly name: string; readonly state: StepState }[];
  readonly words: { readonly current: string; readonly done: string };
}) {
  return (
    <nav aria-label={props.label} className="funnel__steps">
      <ol>
        {props.steps.map((step, i) => (
          <li
            key={step.key}
            className={`funnel__step funnel__step--${step.state}`}
            aria-current={step.state === 'current' ? 'step' : undefined}
          >
            <span className="funnel__step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span>{step.name}</span>
            {step.state === 'todo' ? null : (
              <span className="visually-hidden"> ({props.words[step.state]})</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

/** One line of a summary (`<dl>`): a label and an amount in the market's currency. */
export function MoneyLine(props: {
  readonly label: string;
  readonly money: Money;
  readonly locale: Locale;
  readonly minus?: boolean;
  readonly strong?: boolean;
}) {
  const amount = formatPrice(props.money, props.locale);
  return (
    <div className={props.strong ? 'funnel__line funnel__line--total' : 'funnel__line'}>
      <dt>{props.label}</dt>
      <dd>{props.minus ? `− ${amount}` : amount}</dd>
    </div>
  );
}

/** Why a car cannot be bought or booked now: sold, withdrawn, or held by another buyer. */
export function CarUnavailable(props: {
  readonly availability: 'reserved' | 'sold' | 'withdrawn';
  readonly words: { readonly reserved: string; readonly sold: string; readonly withdrawn: string };
}) {
  return <Notice tone="warning">{props.words[props.availability]}</Notice>;
}
