/** Makes the current locale's translator available to every component (`useTranslator()`). */
import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../domain/markets.ts';
import { createTranslator, type Translator } from './createTranslator.ts';

const TranslatorContext = createContext<Translator>(createTranslator(DEFAULT_LOCALE));

/** Provides the translator of `locale` to its children. */
export function TranslatorProvider(props: { readonly locale: Locale; readonly children: ReactNode }) {
  return (
    <TranslatorContext.Provider value={createTranslator(props.locale)}>
      {props.children}
    </TranslatorContext.Provider>
  );
}

/** The translator of the page's locale. */
export function useTranslator(): Translator {
  return useContext(TranslatorContext);
}
