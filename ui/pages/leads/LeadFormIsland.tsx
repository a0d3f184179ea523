/**
 * The lead form (LeadFormSection.tsx) as an island (ui/components/Island.tsx): its code loads when the
 * visitor comes near the form; a page that shows it loads its words with `loadLeadForm` (or awaits
 * `leadFormModule.load()`) in its loader.
 */
import { memo } from 'react';
import type { Locale } from '../../../domain/markets.ts';
import { Island, lazyModule } from '../../components/Island.tsx';
import type { LeadFormSectionProps } from './LeadFormSection.tsx';
import { type LeadMessages, loadLeadMessages } from './messages/index.ts';

export const leadFormModule = lazyModule(() => import('./LeadFormSection.tsx'));

/** The lead form's words in `locale`, once its module is loaded too. */
export async function loadLeadForm(locale: Locale): Promise<LeadMessages> {
  const [messages] = await Promise.all([loadLeadMessages(locale), leadFormModule.load()]);
  return messages;
}

export const LeadFormIsland = memo(function LeadFormIsland(props: LeadFormSectionProps) {
  return <Island module={leadFormModule} render={(form) => <form.LeadFormSection {...props} />} />;
});
