/**
 * An import report's photos (engine/media/importFeedPhotos.ts): how many the feed's URLs added, and the
 * URLs that could not be used, by line, car and reason (warnings: the cars were imported all the same).
 */

import { useAdminT } from '../AdminContext.tsx';
import type { ImportReport } from '../adminApi.ts';

export function FeedPhotoWarnings({ report }: { report: ImportReport }) {
  const t = useAdminT();
  const warnings = report.warnings ?? [];
  if (report.photosAdded === undefined && warnings.length === 0) return null;
  return (
    <>
      {report.photosAdded ? (
        <p>{t.t('media.feedPhotosAdded', { count: t.number(report.photosAdded) })}</p>
      ) : null}
      {warnings.length > 0 ? (
        <table className="admin-table admin-table--rejections">
          <caption>{t.t('media.feedWarnings', { count: t.number(warnings.length) })}</caption>
          <thead>
            <tr>
              <th scope="col" className="admin-num">
                {t.t('imports.line')}
              </th>
              <th scope="col">{t.t('imports.car')}</th>
              <th scope="col">{t.t('imports.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {warnings.map((w) => (
              <tr key={`${w.line}-${w.message}`}>
                <td data-label={t.t('imports.line')} className="admin-num">
                  {w.line}
                </td>
                <td data-label={t.t('imports.car')}>{w.reference ?? t.t('imports.unknownCar')}</td>
                <td data-label={t.t('imports.problem')}>{w.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </>
  );
}
