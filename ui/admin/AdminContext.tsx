/** What every back-office view reads: the translator of the path's locale. */
import { createContext, type ReactNode, useContext } from 'react';
import type { AdminTranslator } from './adminTranslator.ts';

const Context = createContext<AdminTranslator | null>(null);

export function AdminI18n({ translator, children }: { translator: AdminTranslator; children: ReactNode }) {
  return <Context.Provider value={translator}>{children}</Context.Provider>;
}

export function useAdminT(): AdminTranslator {
  const translator = useContext(Context);
  if (!translator) throw new Error('useAdminT outside AdminI18n');
  return translator;
}
