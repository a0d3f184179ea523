/** The title band at the top of a content page. */
import type { ReactNode } from 'react';

export function PageIntro(props: {
  readonly title: string;
  readonly text?: string;
  readonly eyebrow?: ReactNode;
  readonly children?: ReactNode;
}) {
  return (
    <div className="page-intro">
      <div className="container">
        {props.eyebrow ? <div className="page-intro__eyebrow">{props.eyebrow}</div> : null}
        <h1>{props.title}</h1>
        {props.text ? <p className="page-intro__text">{props.text}</p> : null}
        {props.children}
      </div>
    </div>
  );
}
