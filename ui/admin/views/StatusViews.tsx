/** The back office's plain views: loading, a failed call, not found, forbidden, a page still to come. */
import type { ReactNode } from 'react';
import { generateUrl } from '../../../domain/routes/index.ts';
import { AppLink } from '../../components/AppLink.tsx';
import { useAdminT } from '../AdminContext.tsx';

export function Loading() {
  const t = useAdminT();
  return (
    <p className="admin-loading" role="status">
      {t.t('app.loading')}
    </p>
  );
}

export function ErrorNotice({ onRetry }: { onRetry: () => void }) {
  const t = useAdminT();
  return (
    <div className="admin-notice admin-notice--error" role="alert">
      <p>{t.t('app.failed')}</p>
      <button type="button" className="admin-button" onClick={onRetry}>
        {t.t('app.retry')}
      </button>
    </div>
  );
}

export function NotFoundView() {
  const t = useAdminT();
  return (
    <>
      <h1>{t.t('notFound.title')}</h1>
      <p>{t.t('notFound.text')}</p>
      <p>
        <AppLink href={generateUrl(`admin_dashboard.${t.locale}`)}>{t.t('notFound.home')}</AppLink>
      </p>
    </>
  );
}

export function ForbiddenView() {
  const t = useAdminT();
  return (
    <>
      <h1>{t.t('forbidden.title')}</h1>
      <p>{t.t('forbidden.text')}</p>
    </>
  );
}

export function PendingView({ title }: { title: string }) {
  const t = useAdminT();
  return (
    <>
      <h1>{title}</h1>
      <p>{t.t('pending.text')}</p>
    </>
  );
}

/** What a write answered, said in place: `ok` in the polite status region, a refusal in the alert one. */
export type Notice = { readonly ok: boolean; readonly text: string };

/**
 * The two live regions a page's writes speak through, always rendered (so screen readers hear what is
 * put in them): a success in `role="status"`, a refusal in `role="alert"`; `extra` follows a refusal's text.
 */
export function NoticeRegions({ notice, extra }: { notice: Notice | null; extra?: ReactNode }) {
  return (
    <>
      <div role="status">{notice?.ok ? <p className="admin-notice">{notice.text}</p> : null}</div>
      <div role="alert">
        {notice && !notice.ok ? (
          extra ? (
            <div className="admin-notice admin-notice--error">
              <p>{notice.text}</p>
              {extra}
            </div>
          ) : (
            <p className="admin-notice admin-notice--error">{notice.text}</p>
          )
        ) : null}
      </div>
    </>
  );
}
