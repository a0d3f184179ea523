/** A short notice in the page flow (data temporarily unavailable, nothing found). */
import type { ReactNode } from 'react';

export function Notice(props: { readonly children: ReactNode; readonly tone?: 'info' | 'warning' }) {
  return (
    <div className={`notice notice--${props.tone ?? 'info'}`} role="status">
      {props.children}
    </div>
  );
}
