/**
 * A form whose handler is not served yet (the lead calls come with a later issue): it is
 * shown with its fields and validation attributes and posts to its `action`, but its submit button is
 * disabled and a notice says why, so it never pretends to send. Drop `pending` when the handler exists.
 */
import type { ReactNode } from 'react';
import { Notice } from './Notice.tsx';

export function PendingForm(props: {
  readonly id: string;
  readonly title: string;
  readonly action: string;
  readonly submit: string;
  /** Why it cannot be sent yet and what to do instead; absent once the handler exists. */
  readonly pending?: string;
  /** Explains the asterisks. */
  readonly requiredNote?: string;
  readonly children: ReactNode;
}) {
  const noteId = `${props.id}-pending`;
  return (
    <form
      id={props.id}
      className="form panel"
      method="post"
      action={props.action}
      aria-labelledby={`${props.id}-title`}
      aria-describedby={props.pending ? noteId : undefined}
    >
      <h2 id={`${props.id}-title`}>{props.title}</h2>
      {props.requiredNote ? <p className="form__note">{props.requiredNote}</p> : null}
      <div className="form__fields">{props.children}</div>
      {props.pending ? (
        <div id={noteId}>
          <Notice>{props.pending}</Notice>
        </div>
      ) : null}
      <button type="submit" className="btn btn--primary" disabled={props.pending !== undefined}>
        {props.submit}
      </button>
    </form>
  );
}
