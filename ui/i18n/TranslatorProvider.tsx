/** Makes the current locale's translator available to every component (`useTranslator()`). */
import { createContext, type ReactNode, useContext } from 'react';
import { DEFAULT_LOCALE, type Locale } from '../../domain/markets.ts';
import { createTranslator, type Translator } from './createTranslator.ts';

// No default translator: a dictionary is loaded only for the locales shown (see dictionaries.ts).
const TranslatorContext = createContext<Translator | undefined>(undefined);

/** Provides the translator of `locale` to its children. */
export function TranslatorProvider(props: { readonly locale: Locale; readonly children: ReactNode }) {
  return (
    <TranslatorContext.Provider value={createTranslator(props.locale)}>
      {props.children}
    </TranslatorContext.Provider>
  );
}

/** The translator of the page's locale (the default locale's outside a provider). */
export function useTranslator(): Translator {
  return useContext(TranslatorContext) ?? createTranslator(DEFAULT_LOCALE);
}
