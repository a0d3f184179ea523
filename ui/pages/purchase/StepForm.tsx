/**
 * The current step's form, posted to the step's SPEC call (the purchase's `links.calls`, so the server
 * says where each command goes): the account steps, my-infos (prefilled from the account), delivery,
 * recovery, insurance, extras, funding and the advance payment.
 */

import { brandName, modelName } from '../../../domain/catalogue/reference/brandNames.ts';
import { FUELS } from '../../../domain/catalogue/vocabulary.ts';
import { EXTRA_GROUPS } from '../../../domain/insurance/extras.ts';
import { MARKETS } from '../../../domain/markets.ts';
import type { PurchaseCommandType } from '../../../domain/purchase/commands.ts';
import { TRADE_IN_CONDITIONS } from '../../../domain/valuation/valuationRules.ts';
import type { PurchaseJson } from '../../api/purchaseTypes.ts';
import { formatDate, formatPrice } from '../../i18n/format.ts';
import { useTranslator } from '../../i18n/TranslatorProvider.tsx';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import {
  Check,
  Field,
  FunnelForm,
  Select,
  Submit,
  useFieldMessages,
  useFieldValue,
} from '../funnel/funnelForm.tsx';
import type { PurchasePageProps } from './purchasePageProps.ts';

type Props = PageProps<PurchasePageProps> & { readonly purchase: PurchaseJson };

/** The call of a command allowed now (the server's link), if any. */
const callOf = (purchase: PurchaseJson, command: PurchaseCommandType) =>
  purchase.links.calls.find((call) => call.command === command)?.path;

export function StepForm(props: Props) {
  switch (props.purchase.step) {
    case 'my-account':
      return <Terms {...props} />;
    case 'sign-in-sign-up':
      return <Email {...props} />;
    case 'sign-in':
    case 'sign-up':
      return <SignIn {...props} />;
    case 'my-infos':
      return <MyInfos {...props} />;
    case 'delivery':
      return <Delivery {...props} />;
    case 'recovery':
      return <Recovery {...props} />;
    case 'insurance':
      return <Insurance {...props} />;
    case 'additional-optional':
      return <Extras {...props} />;
    case 'funding':
      return <Funding {...props} />;
    case 'advance-payment':
      return <AdvancePayment {...props} />;
    default:
      return null;
  }
}

function Terms({ purchase, messages: m }: Props) {
  const action = callOf(purchase, 'PassAccountStep');
  if (!action) return null;
  return (
    <FunnelForm action={action}>
      <p className="form__note">{m.form.required}</p>
      <Check name="termsAccepted" label={m.account.terms} required />
      <Check name="marketingOptIn" label={m.account.marketing} checked={purchase.account.marketingOptIn} />
      <Submit label={m.form.continue} />
    </FunnelForm>
  );
}

function Email({ purchase, messages: m }: Props) {
  const action = callOf(purchase, 'CheckAccountEmail');
  if (!action) return null;
  return (
    <FunnelForm action={action}>
      <Field
        name="email"
        type="email"
        label={m.account.email}
        help={m.account.emailHelp}
        required
        autoComplete="email"
        wide
      />
      <Submit label={m.form.continue} />
    </FunnelForm>
  );
}

/**
 * Sign in (an account exists) or sign up at the account call, back to this page; once signed in, the
 * purchase records it (the step's own post).
 */
function SignIn({ purchase, messages: m, page, match, path }: Props) {
  const signIn = purchase.step === 'sign-in';
  const record = callOf(purchase, signIn ? 'RecordSignIn' : 'RecordSignUp');
  const refused = useFieldMessages('password').includes('refused');
  if (!record) return null;
  if (page?.signedIn) {
    return (
      <FunnelForm action={record}>
        <p>{m.account.signedInText}</p>
        <Submit label={m.form.continue} />
      </FunnelForm>
    );
  }
  const action = urlFor('ajax_login', match.locale, { type: signIn ? 'sign-in' : 'sign-up' });
  return (
    <FunnelForm action={action} next={path}>
      <p>{signIn ? m.account.signInText : m.account.signUpText}</p>
      {refused ? <p className="notice notice--warning">{m.form.signInRefused}</p> : null}
      <p className="form__note">{m.form.required}</p>
      <Field name="email" type="email" label={m.account.email} required autoComplete="username" wide />
      {signIn ? null : (
        <>
          <Field name="firstName" label={m.account.firstName} required autoComplete="given-name" />
          <Field name="lastName" label={m.account.lastName} required autoComplete="family-name" />
        </>
      )}
      <Field
        name="password"
        type="password"
        label={signIn ? m.account.password : m.account.newPassword}
        required
        autoComplete={signIn ? 'current-password' : 'new-password'}
        wide
      />
      {signIn ? null : purchase.account.termsAccepted ? (
        // Accepted at the account step, the same terms: not asked a second time.
        <input type="hidden" name="consents.terms" value="on" />
      ) : (
        <Check name="consents.terms" label={m.account.terms} required />
      )}
      <Submit label={signIn ? m.account.signIn : m.account.signUp} />
    </FunnelForm>
  );
}

function MyInfos({ purchase, messages: m, data, match }: Props) {
  const action = callOf(purchase, 'SubmitInfos');
  const business = useFieldValue('buyerType', purchase.infos?.buyerType ?? 'private') === 'business';
  if (!action) return null;
  const prefill = data.prefill;
  const country = MARKETS[match.locale].country;
  return (
    <FunnelForm action={action}>
      <p className="form__note">{m.form.required}</p>
      <fieldset className="field field--wide">
        <legend>{m.infos.buyerType}</legend>
        {(['private', 'business'] as const).map((type) => (
          <label key={type} className="choice">
            <input
              type="radio"
              name="buyerType"
              value={type}
              defaultChecked={(business ? 'business' : 'private') === type}
            />
            {m.infos[type]}
          </label>
        ))}
      </fieldset>
      <div className="form__fields">
        <Select
          name="civility"
          label={m.infos.civility}
          options={(['mr', 'ms', 'other'] as const).map((value) => ({
            value,
            label: m.infos.civilities[value],
          }))}
        />
        <Field
          name="firstName"
          label={m.infos.firstName}
          required
          value={prefill?.firstName}
          autoComplete="given-name"
        />
        <Field
          name="lastName"
          label={m.infos.lastName}
          required
          value={prefill?.lastName}
          autoComplete="family-name"
        />
        <Field
          name="phone"
          type="tel"
          label={m.infos.phone}
          required
          value={prefill?.phone}
          autoComplete="tel"
          inputMode="tel"
        />
        <Field
          name="birthDate"
          type="date"
          label={m.infos.birthDate}
          value={prefill?.birthDate}
          autoComplete="bday"
        />
        <Field name="company.name" label={m.infos.company} autoComplete="organization" />
        <Field name="company.vatNumber" label={m.infos.vatNumber} />
        <Field
          name="address.line1"
          label={m.infos.line1}
          required
          value={prefill?.address?.lines[0]}
          autoComplete="address-line1"
          wide
        />
        <Field
          name="address.line2"
          label={m.infos.line2}
          value={prefill?.address?.lines[1]}
          autoComplete="address-line2"
          wide
        />
        <Field
          name="address.postcode"
          label={m.infos.postcode}
          required
          value={prefill?.address?.postcode}
          autoComplete="postal-code"
        />
        <Field
          name="address.city"
          label={m.infos.city}
          required
          value={prefill?.address?.city}
          autoComplete="address-level2"
        />
      </div>
      <input type="hidden" name="address.country" value={country} />
      <p className="form__note">{m.infos.residents}</p>
      <Submit label={m.form.continue} />
    </FunnelForm>
  );
}

function Delivery({ purchase, messages: m, data, match }: Props) {
  const action = callOf(purchase, 'ChooseDelivery');
  if (!action) return null;
  const locale = match.locale;
  const quotes = data.quotes ?? [];
  const pickup = quotes.find((q) => q.type === 'pickup' && q.deliverable);
  const home = quotes
    .filter((q) => q.type !== 'pickup')
    .flatMap((q) => (q.deliverable ? [q] : []))
    .sort((a, b) => a.price.amount - b.price.amount)[0];
  const price = (money: { amount: number; currency: 'EUR' | 'PLN' }) =>
    money.amount === 0 ? m.delivery.free : fill(m.delivery.price, { price: formatPrice(money, locale) });
  return (
    <>
      <FunnelForm action={action} className="form funnel-form funnel-choice">
        <input type="hidden" name="mode" value="pickup" />
        <h3>{m.delivery.pickup}</h3>
        {pickup?.deliverable ? (
          <p>
            {price(pickup.price)} ·{' '}
            {fill(m.delivery.eta, { date: formatDate(pickup.earliestDate, locale, 'medium') })}
          </p>
        ) : null}
        <Submit label={m.delivery.pickup} />
      </FunnelForm>
      <FunnelForm action={action} className="form funnel-form funnel-choice">
        <input type="hidden" name="mode" value="home" />
        <h3>{m.delivery.home}</h3>
        <p className="form__note">{m.delivery.homeHelp}</p>
        {home ? (
          <p>
            {price(home.price)} ·{' '}
            {fill(m.delivery.eta, { date: formatDate(home.earliestDate, locale, 'medium') })}
          </p>
        ) : quotes.length > 1 ? (
          <p>{m.delivery.notDeliverable}</p>
        ) : null}
        <Field
          name="postcode"
          label={m.delivery.postcode}
          value={data.postcode ?? undefined}
          required
          autoComplete="postal-code"
        />
        <Submit label={m.delivery.home} />
      </FunnelForm>
    </>
  );
}

function Recovery({ purchase, messages: m, match, data }: Props) {
  const t = useTranslator();
  const locale = match.locale;
  const value = callOf(purchase, 'ValueTradeIn');
  const accept = callOf(purchase, 'AcceptTradeIn');
  const skip = callOf(purchase, 'SkipTradeIn');
  const offer = purchase.tradeIn.offer;
  return (
    <>
      <p>{m.recovery.intro}</p>
      {offer ? (
        <div className="purchase__offer">
          <p>
            <strong>
              {fill(m.recovery.offer, {
                car: `${brandName(offer.vehicle.brand)} ${modelName(offer.vehicle.brand, offer.vehicle.model)} (${offer.vehicle.year})`,
                amount: formatPrice(offer.amount, locale),
              })}
            </strong>
          </p>
          <p>{fill(m.recovery.validUntil, { date: formatDate(offer.validUntil, locale, 'long') })}</p>
          {accept ? (
            <FunnelForm action={accept}>
              <input type="hidden" name="action" value="accept" />
              <input type="hidden" name="offerId" value={offer.offerId} />
              <Submit label={m.recovery.accept} />
            </FunnelForm>
          ) : null}
        </div>
      ) : null}
      {value && data.savedValuations ? (
        <SavedValuations action={value} saved={data.savedValuations} locale={locale} />
      ) : null}
      {value ? (
        <FunnelForm action={value}>
          <input type="hidden" name="action" value="value" />
          <p className="form__note">{m.form.required}</p>
          <div className="form__fields">
            <Field name="vehicle.brand" label={m.recovery.brand} required />
            <Field name="vehicle.model" label={m.recovery.model} required />
            <Field
              name="vehicle.year"
              type="number"
              inputMode="numeric"
              label={m.recovery.year}
              required
              min={1990}
              max={2100}
            />
            <Field
              name="vehicle.mileageKm"
              type="number"
              inputMode="numeric"
              label={m.recovery.mileage}
              required
              min={0}
            />
            <Select
              name="vehicle.condition"
              label={m.recovery.condition}
              required
              value="good"
              options={TRADE_IN_CONDITIONS.map((c) => ({ value: c, label: m.recovery.conditions[c] }))}
            />
            <Select
              name="vehicle.fuel"
              label={m.recovery.fuel}
              required
              options={FUELS.map((fuel) => ({ value: fuel, label: t.label('fuel', fuel) }))}
            />
          </div>
          <Submit label={offer ? m.recovery.revalue : m.recovery.value} ghost={offer !== null} />
        </FunnelForm>
      ) : null}
      {skip ? (
        <FunnelForm action={skip}>
          <input type="hidden" name="action" value="skip" />
          <Submit label={m.recovery.skip} ghost />
        </FunnelForm>
      ) : null}
    </>
  );
}

/**
 * The buyer's valuations made outside the purchase ("sell your car") still valid here: one button each,
 * whose offer the purchase takes as it is (no new valuation).
 */
function SavedValuations(props: {
  readonly action: string;
  readonly saved: NonNullable<Props['data']['savedValuations']>;
  readonly locale: Props['match']['locale'];
}) {
  const { action, saved, locale } = props;
  return (
    <div className="purchase__saved-valuations">
      <p>
        <strong>{saved.words.saved}</strong>
      </p>
      {saved.items.map((v) => (
        <FunnelForm key={v.valuationId} action={action}>
          <input type="hidden" name="action" value="use" />
          <input type="hidden" name="valuationId" value={v.valuationId} />
          <p>
            {fill(saved.words.car, {
              car: `${brandName(v.vehicle.brand)} ${modelName(v.vehicle.brand, v.vehicle.model)} (${v.vehicle.year})`,
              date: formatDate(v.validUntil, locale, 'long'),
            })}
          </p>
          <Submit
            label={fill(saved.words.use, {
              date: formatDate(v.valuedAt, locale, 'long'),
              amount: formatPrice(v.offer, locale),
            })}
          />
        </FunnelForm>
      ))}
    </div>
  );
}

function Insurance({ purchase, messages: m, data, match }: Props) {
  const action = callOf(purchase, 'ChooseInsurance');
  if (!action) return null;
  const offers = data.offers ?? [];
  // What the buyer chose before (null: no cover), undefined while they have not chosen.
  const before = purchase.insurance === null ? undefined : purchase.insurance.offerId;
  return (
    <FunnelForm action={action}>
      <p>{m.insurance.intro}</p>
      <fieldset className="field field--wide">
        <legend>{m.steps.names.insurance}</legend>
        {/* No paid cover is chosen for the buyer: the choice made before, or none until they choose. */}
        {offers.map((offer) => (
          <label key={offer.id} className="choice">
            <input
              type="radio"
              name="offerId"
              value={offer.id}
              required
              defaultChecked={offer.id === before}
            />
            {m.insurance.names[offer.id]} ·{' '}
            {fill(m.insurance.perMonth, { price: formatPrice(offer.monthlyPremium, match.locale) })}
          </label>
        ))}
        <label className="choice">
          <input type="radio" name="offerId" value="" required defaultChecked={before === null} />
          {m.insurance.none}
        </label>
      </fieldset>
      <Submit label={m.insurance.choose} />
    </FunnelForm>
  );
}

function Extras({ purchase, messages: m, data, match }: Props) {
  const action = callOf(purchase, 'ChooseExtras');
  if (!action) return null;
  const extras = data.extras ?? [];
  const chosen = new Set(purchase.extras?.items.map((item) => item.extraId) ?? []);
  const groups = EXTRA_GROUPS;
  return (
    <FunnelForm action={action}>
      <p>{extras.length > 0 ? m.extras.intro : m.extras.none}</p>
      {extras.length > 0 ? (
        <fieldset className="field field--wide">
          <legend>{m.steps.names['additional-optional']}</legend>
          {groups.map((group) => {
            const alternatives = extras.filter((extra) => extra.group === group);
            if (alternatives.length === 0) return null;
            const words = m.extras.groups[group];
            // One choice among a group's alternatives (radios of the same name as the checkboxes: the
            // form posts the one chosen, or "" for none, which the server leaves out).
            return (
              <fieldset key={group} className="field field--wide">
                <legend>{words.legend}</legend>
                <label className="choice">
                  <input
                    type="radio"
                    name="extraIds"
                    value=""
                    defaultChecked={!alternatives.some((extra) => chosen.has(extra.id))}
                  />
                  {words.none}
                </label>
                {alternatives.map((extra) => (
                  <label key={extra.id} className="choice">
                    <input
                      type="radio"
                      name="extraIds"
                      value={extra.id}
                      defaultChecked={chosen.has(extra.id)}
                    />
                    {m.extras.names[extra.id]} · {formatPrice(extra.price, match.locale)}
                  </label>
                ))}
              </fieldset>
            );
          })}
          {extras
            .filter((extra) => !extra.group)
            .map((extra) => (
              <label key={extra.id} className="choice">
                <input
                  type="checkbox"
                  name="extraIds"
                  value={extra.id}
                  defaultChecked={chosen.has(extra.id)}
                />
                {m.extras.names[extra.id]} · {formatPrice(extra.price, match.locale)}
              </label>
            ))}
        </fieldset>
      ) : null}
      <Submit label={m.extras.choose} />
    </FunnelForm>
  );
}

function Funding(props: Props) {
  const { purchase, messages: m, data, match, page } = props;
  const locale = match.locale;
  const action = callOf(purchase, 'ChooseFunding') ?? callOf(purchase, 'ApplyForFinance');
  const funding = purchase.funding;
  const simulation = data.simulation;
  const formPath = page
    ? `${urlFor(page.car.condition === 'new' ? 'car_purchase_form_vn' : 'car_purchase_form', locale, {
        id: page.car.carId,
        slug: page.car.slug,
        step: 'funding',
      })}`
    : props.path;
  const applying = funding?.mode === 'finance' && funding.applicationId === null;
  return (
    <>
      <p>{m.funding.intro}</p>
      {purchase.financeDecision === 'declined' ? (
        <p className="notice notice--warning">{m.funding.declined}</p>
      ) : null}
      {purchase.financeDecision === 'by-pass' ? <p className="notice">{m.funding.bypass}</p> : null}
      {action ? (
        <FunnelForm action={action}>
          <input type="hidden" name="action" value="cash" />
          <Submit label={m.funding.cash} />
        </FunnelForm>
      ) : null}
      {applying && action ? (
        <FunnelForm action={action}>
          <p>
            {fill(m.funding.chosen, {
              monthly: formatPrice(funding.quote.monthly, locale),
              months: funding.quote.durationMonths,
            })}
          </p>
          <input type="hidden" name="action" value="apply" />
          <div className="form__fields">
            <Field
              name="netMonthlyIncome"
              type="number"
              inputMode="numeric"
              label={m.funding.income}
              required
              min={0}
            />
            <Field
              name="existingMonthlyCredit"
              type="number"
              inputMode="numeric"
              label={m.funding.credit}
              required
              min={0}
              value={0}
            />
          </div>
          <Submit label={m.funding.apply} />
        </FunnelForm>
      ) : null}
      {purchase.financeRefused ? (
        <p>{m.funding.refused}</p>
      ) : (
        <section aria-labelledby="finance-title" className="purchase__finance">
          <h3 id="finance-title">{m.funding.finance}</h3>
          <FunnelForm action={formPath} get>
            <div className="form__fields">
              <Field
                name="durationMonths"
                type="number"
                inputMode="numeric"
                label={m.funding.duration}
                min={12}
                max={84}
                value={simulation?.durationMonths ?? 48}
              />
              <Field
                name="downPayment"
                type="number"
                inputMode="numeric"
                label={m.funding.downPayment}
                min={0}
                value={
                  simulation
                    ? simulation.downPayment.amount / 100
                    : purchase.summary.advancePayment.amount / 100
                }
              />
            </div>
            <Submit label={m.funding.simulate} ghost />
          </FunnelForm>
          {simulation ? (
            <>
              <dl className="funnel__summary">
                <div className="funnel__line">
                  <dt>{m.funding.monthly}</dt>
                  <dd>{formatPrice(simulation.monthly, locale)}</dd>
                </div>
                <div className="funnel__line">
                  <dt>{m.funding.apr}</dt>
                  <dd>{simulation.aprPercent.toLocaleString(MARKETS[locale].language)} %</dd>
                </div>
                <div className="funnel__line">
                  <dt>{m.funding.totalCost}</dt>
                  <dd>{formatPrice(simulation.totalCostOfCredit, locale)}</dd>
                </div>
                <div className="funnel__line">
                  <dt>{m.funding.totalPayable}</dt>
                  <dd>{formatPrice(simulation.totalPayable, locale)}</dd>
                </div>
              </dl>
              <p className="form__note">{m.funding.representative}</p>
              {action ? (
                <FunnelForm action={action}>
                  <input type="hidden" name="action" value="finance" />
                  <input type="hidden" name="durationMonths" value={simulation.durationMonths} />
                  <input type="hidden" name="downPayment" value={simulation.downPayment.amount} />
                  <Submit label={m.funding.choose} />
                </FunnelForm>
              ) : null}
            </>
          ) : null}
        </section>
      )}
    </>
  );
}

function AdvancePayment({ purchase, messages: m, match }: Props) {
  const action = callOf(purchase, 'RequestAdvancePayment');
  const due = purchase.summary.advancePayment.amount - purchase.summary.bookingDeposit.amount;
  // The lender's answer, said where the buyer lands once the finance is accepted or under study.
  const decision =
    purchase.funding?.mode === 'finance'
      ? purchase.financeDecision === 'accepted'
        ? m.funding.accepted
        : purchase.financeDecision === 'by-pass'
          ? m.funding.bypass
          : null
      : null;
  return (
    <>
      {decision ? <p className="notice">{decision}</p> : null}
      <p>{due > 0 ? m.payment.intro : m.payment.nothingDue}</p>
      {purchase.checkoutUrl ? (
        <>
          <p>{m.payment.pending}</p>
          <a className="btn btn--accent" href={purchase.checkoutUrl}>
            {m.payment.resume}
          </a>
        </>
      ) : action ? (
        <FunnelForm action={action} checkout>
          <Submit
            label={
              due > 0
                ? fill(m.payment.pay, {
                    amount: formatPrice(
                      { amount: due, currency: purchase.summary.advancePayment.currency },
                      match.locale,
                    ),
                  })
                : m.payment.confirm
            }
          />
        </FunnelForm>
      ) : null}
    </>
  );
}
