/**
 * The frame of a lead form (contact, B2B): the form beside the customer service panel, with the shared
 * submit text, the note on required fields and, until the leads issue serves the POST, the pending notice
 * that gives the mailbox instead (PendingForm). The page brings its own fields (see LeadFields).
 */
import type { ReactNode } from 'react';
import type { CustomerService } from '../../domain/content/customerService.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { CustomerServicePanel } from './CustomerServicePanel.tsx';
import { PendingForm } from './PendingForm.tsx';

export function LeadForm(props: {
  readonly id: string;
  readonly title: string;
  readonly action: string;
  readonly service: CustomerService;
  readonly panelTitle: string;
  /** The mailbox given in the notice and the panel (the business team's on the B2B page). */
  readonly email?: string;
  readonly children: ReactNode;
}) {
  const t = useTranslator();
  const email = props.email ?? props.service.email;
  return (
    <div className="container section contact-layout">
      <PendingForm
        id={props.id}
        title={props.title}
        action={props.action}
        submit={t.t('contact.send')}
        requiredNote={t.t('contact.required')}
        pending={t.t('contact.pending', { email })}
      >
        {props.children}
      </PendingForm>
      <CustomerServicePanel service={props.service} title={props.panelTitle} email={props.email} />
    </div>
  );
}
