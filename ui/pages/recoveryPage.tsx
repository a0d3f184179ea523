/**
 * `page_recovery_index`: "sell your car". The instant valuation form (brand, model, year, mileage,
 * condition, fuel) posted to this page's own path (http/routes/valuationCalls.ts): 303 to the offer
 * (valuation/valuationOfferPage.tsx), or this page again (400) with the messages by field. With
 * JavaScript the same form is sent by fetch and the offer shown in place. The optional `brand` and
 * `model` parameters prefill the form. Personal (pages.ts): the form carries the session's CSRF token.
 */
import { useEffect, useState } from 'react';
import { BRAND_NAMES, brandNamed, modelNamed } from '../../domain/catalogue/reference/brandNames.ts';
import { FUELS } from '../../domain/catalogue/vocabulary.ts';
import { TRADE_IN_CONDITIONS } from '../../domain/valuation/valuationRules.ts';
import { apiOf } from '../api/createQueryClient.ts';
import { ContentText, contentTextQuery } from '../components/ContentText.tsx';
import { PageIntro } from '../components/PageIntro.tsx';
import type { MessageKey } from '../i18n/Messages.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import type { FormFlash } from '../router/AppRouterContext.ts';
import { definePage, type PageProps } from '../router/PageModule.ts';
import { urlFor } from '../router/urlFor.ts';
import { previewOf } from './contentPreview.ts';
import {
  Field,
  FormProvider,
  FunnelForm,
  Submit,
  useFieldMessages,
  useFieldValue,
  useRefused,
} from './funnel/funnelForm.tsx';
import { formSession } from './funnel/funnelLoad.ts';
import { pageHead } from './pageHead.ts';
import { loadValuationMessages, type ValuationMessages } from './valuation/messages/index.ts';

const STEPS = [
  ['recovery.step1Title', 'recovery.step1Text'],
  ['recovery.step2Title', 'recovery.step2Text'],
  ['recovery.step3Title', 'recovery.step3Text'],
] as const satisfies readonly (readonly [MessageKey, MessageKey])[];

interface RecoveryPageProps {
  /** A staff member's `?preview=` of the page's text (ContentText). */
  readonly preview: string | null;
  /** The brand and model of the URL, when the reference list knows them (the form's first choice). */
  readonly brand: string | null;
  readonly model: string | null;
  readonly csrfToken: string;
  readonly flash: FormFlash | null;
  /** Names this valuation: a double submit or a retry is the same one. */
  readonly formKey: string;
  readonly path: string;
  readonly messages: ValuationMessages;
}

function RecoveryPage(props: PageProps<RecoveryPageProps>) {
  const t = useTranslator();
  const m = props.messages;
  return (
    <>
      <PageIntro title={t.t('recovery.title')} text={t.t('recovery.intro')} />
      <section className="container section" aria-labelledby="valuation-title">
        <h2 id="valuation-title">{m.formTitle}</h2>
        <p>{m.formIntro}</p>
        <FormProvider
          csrfToken={props.csrfToken}
          back={props.path}
          flash={props.flash}
          invalid={m.errors.brand}
          inPlace
        >
          <ValuationForm {...props} />
        </FormProvider>
      </section>
      <section className="container section">
        <ol className="steps">
          {STEPS.map(([title, text], index) => (
            <li key={title} className="step">
              <span className="step__number" aria-hidden="true">
                {index + 1}
              </span>
              <h2>{t.t(title)}</h2>
              <p>{t.t(text)}</p>
            </li>
          ))}
        </ol>
      </section>
      <ContentText kind="recovery_text" locale={props.match.locale} preview={props.preview} />
    </>
  );
}

function ValuationForm(props: PageProps<RecoveryPageProps>) {
  const t = useTranslator();
  const m = props.messages;
  const refused = useRefused();
  const thisYear = new Date().getUTCFullYear();
  return (
    <FunnelForm action={props.path} labelledBy="valuation-title">
      <input type="hidden" name="key" value={props.formKey} />
      {refused ? (
        <p className="notice notice--warning" role="alert">
          {m.refused}
        </p>
      ) : null}
      <p className="form__note">{m.required}</p>
      <div className="form__fields">
        <BrandAndModel brand={props.brand} model={props.model} messages={m} />
        <Field
          name="year"
          type="number"
          inputMode="numeric"
          label={m.year}
          required
          min={1990}
          max={thisYear}
          error={m.errors.year}
        />
        <Field
          name="mileageKm"
          type="number"
          inputMode="numeric"
          label={m.mileage}
          required
          min={0}
          error={m.errors.mileageKm}
        />
        <Choice
          name="condition"
          label={m.condition}
          error={m.errors.condition}
          value="good"
          options={TRADE_IN_CONDITIONS.map((c) => ({ value: c, label: m.conditions[c] }))}
        />
        <Choice
          name="fuel"
          label={m.fuel}
          error={m.errors.fuel}
          options={FUELS.map((fuel) => ({ value: fuel, label: t.label('fuel', fuel) }))}
        />
      </div>
      <Submit label={m.submit} />
    </FunnelForm>
  );
}

/** A field's id, its messages' id and whether the last post refused it. */
function useChoiceState(name: string) {
  const id = `field-${name}`;
  const refused = useFieldMessages(name).length > 0;
  return { id, refused, errorId: refused ? `${id}-error` : undefined };
}

/** A labelled select with its own words when refused. */
function Choice(props: {
  readonly name: string;
  readonly label: string;
  readonly error: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly value?: string;
}) {
  const { id, refused, errorId } = useChoiceState(props.name);
  const value = useFieldValue(props.name, props.value);
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        <span aria-hidden="true"> *</span>
      </label>
      <select
        id={id}
        name={props.name}
        required
        defaultValue={value}
        aria-invalid={refused || undefined}
        aria-describedby={errorId}
      >
        {props.options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {errorId ? (
        <p id={errorId} className="field__error">
          {props.error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The brand and the model, from the reference list the valuation knows. Without JavaScript the model
 * list holds every brand's models, grouped by brand; with it, only the chosen brand's.
 */
function BrandAndModel(props: {
  readonly brand: string | null;
  readonly model: string | null;
  readonly messages: ValuationMessages;
}) {
  const m = props.messages;
  const brandState = useChoiceState('brand');
  const modelState = useChoiceState('model');
  const initialBrand = useFieldValue('brand', props.brand ?? '') ?? '';
  const initialModel = useFieldValue('model', props.model ?? '') ?? '';
  const [brand, setBrand] = useState(initialBrand);
  const [model, setModel] = useState(initialModel);
  const [scripted, setScripted] = useState(false);
  useEffect(() => setScripted(true), []);
  const chosen = brandNamed(brand);
  const groups = scripted ? (chosen ? [chosen] : []) : BRAND_NAMES;
  return (
    <>
      <div className="field">
        <label htmlFor={brandState.id}>
          {m.brand}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={brandState.id}
          name="brand"
          required
          value={brand}
          onChange={(event) => {
            setBrand(event.target.value);
            setModel('');
          }}
          aria-invalid={brandState.refused || undefined}
          aria-describedby={brandState.errorId}
        >
          <option value="">{m.chooseBrand}</option>
          {BRAND_NAMES.map((b) => (
            <option key={b.slug} value={b.slug}>
              {b.name}
            </option>
          ))}
        </select>
        {brandState.errorId ? (
          <p id={brandState.errorId} className="field__error">
            {m.errors.brand}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor={modelState.id}>
          {m.model}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={modelState.id}
          name="model"
          required
          value={model}
          onChange={(event) => setModel(event.target.value)}
          aria-invalid={modelState.refused || undefined}
          aria-describedby={modelState.errorId}
        >
          <option value="">{m.chooseModel}</option>
          {groups.map((b) =>
            scripted ? (
              b.models.map((model) => (
                <option key={model.slug} value={model.slug}>
                  {model.name}
                </option>
              ))
            ) : (
              <optgroup key={b.slug} label={b.name}>
                {b.models.map((model) => (
                  <option key={`${b.slug}/${model.slug}`} value={model.slug}>
                    {model.name}
                  </option>
                ))}
              </optgroup>
            ),
          )}
        </select>
        {modelState.errorId ? (
          <p id={modelState.errorId} className="field__error">
            {m.errors.model}
          </p>
        ) : null}
      </div>
    </>
  );
}

export const recoveryPage = definePage<RecoveryPageProps>({
  async load({ match, t, queryClient, personal, search }) {
    const api = apiOf(queryClient);
    const preview = previewOf(search);
    const { locale } = match;
    const brand = match.params.brand && brandNamed(match.params.brand) ? match.params.brand : null;
    const model =
      brand && match.params.model && modelNamed(brand, match.params.model) ? match.params.model : null;
    const [messages, session] = await Promise.all([
      loadValuationMessages(locale),
      formSession(api, personal),
      queryClient.prefetchQuery(contentTextQuery('recovery_text', locale, preview)),
    ]);
    return {
      head: pageHead(match, t.t('recovery.title'), t.t('recovery.description'), {
        ...(preview ? { noindex: true } : {}),
      }),
      props: {
        preview,
        brand,
        model,
        ...session,
        formKey: globalThis.crypto.randomUUID().replaceAll('-', ''),
        path: urlFor('page_recovery_index', locale, match.params),
        messages,
      },
    };
  },
  Component: RecoveryPage,
});
