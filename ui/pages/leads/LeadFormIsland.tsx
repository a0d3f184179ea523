/**
 * The lead form (LeadFormSection.tsx) as an island (ui/components/Island.tsx): its code loads when the
 * visitor comes near the form; a page that shows it awaits `leadFormModule.load()` in its loader.
 */
import { memo } from 'react';
import { Island, lazyModule } from '../../components/Island.tsx';
import type { LeadFormSectionProps } from './LeadFormSection.tsx';

export const leadFormModule = lazyModule(() => import('./LeadFormSection.tsx'));

export const LeadFormIsland = memo(function LeadFormIsland(props: LeadFormSectionProps) {
  return <Island module={leadFormModule} render={(form) => <form.LeadFormSection {...props} />} />;
});
