/**
 * The home page's quick search: new or used, brand, model. Without JavaScript it is a plain GET form the
 * list page answers with a redirect to the facet URL; with it, it navigates there directly.
 */
import { useQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useId, useState } from 'react';
import { BRAND_NAMES, brandNamed } from '../../domain/catalogue/reference/brandNames.ts';
import type { Condition } from '../../domain/catalogue/vocabulary.ts';
import { brandsQuery, modelsQuery } from '../api/queries.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { listUrl } from '../router/listUrl.ts';
import { Icon } from './Icon.tsx';

export function SearchBox() {
  const t = useTranslator();
  const router = useRouter();
  const id = useId();
  const [condition, setCondition] = useState<Condition>('used');
  const [brand, setBrand] = useState('');
  const [model, setModel] = useState('');
  const brands = useQuery(brandsQuery(t.locale));
  const models = useQuery({ ...modelsQuery(t.locale, brand), enabled: brand !== '' });

  const brandOptions =
    brands.data?.map((b) => ({ value: b.brand, name: b.name, count: b.count })) ??
    BRAND_NAMES.map((b) => ({ value: b.slug, name: b.name, count: undefined }));
  const modelOptions =
    models.data?.map((m) => ({ value: m.model, name: m.name })) ??
    brandNamed(brand)?.models.map((m) => ({ value: m.slug, name: m.name })) ??
    [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const href = listUrl(t.locale, condition, {
      ...(brand ? { brand } : {}),
      ...(brand && model ? { model } : {}),
    });
    router.navigate({ to: undefined, href }).catch(() => undefined);
  };

  return (
    <form className="search-box" method="get" action={listUrl(t.locale, 'used')} onSubmit={submit}>
      <h2 className="search-box__title">{t.t('home.searchTitle')}</h2>
      <fieldset className="segmented">
        <legend className="visually-hidden">{t.t('home.conditionLabel')}</legend>
        {(['used', 'new'] as const).map((value) => (
          <label key={value} className={condition === value ? 'is-checked' : undefined}>
            <input
              type="radio"
              name="condition"
              value={value}
              checked={condition === value}
              onChange={() => setCondition(value)}
            />
            {value === 'used' ? t.t('nav.used') : t.t('nav.new')}
          </label>
        ))}
      </fieldset>
      <div className="search-box__fields">
        <div className="field">
          <label htmlFor={`${id}-brand`}>{t.t('home.brandLabel')}</label>
          <select
            id={`${id}-brand`}
            name="brand"
            value={brand}
            onChange={(event) => {
              setBrand(event.target.value);
              setModel('');
            }}
          >
            <option value="">{t.t('home.anyBrand')}</option>
            {brandOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.count === undefined ? option.name : `${option.name} (${t.number(option.count)})`}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-model`}>{t.t('home.modelLabel')}</label>
          <select
            id={`${id}-model`}
            name="model"
            value={model}
            disabled={brand === ''}
            onChange={(event) => setModel(event.target.value)}
          >
            <option value="">{t.t('home.anyModel')}</option>
            {modelOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.name}
              </option>
            ))}
          </select>
        </div>
      </div>
      <button type="submit" className="btn btn--accent btn--block">
        <Icon name="search" />
        {t.t('home.searchButton')}
      </button>
    </form>
  );
}
