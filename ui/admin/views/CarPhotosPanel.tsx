/**
 * A car's photos in the back office (`admin_image_upload`): the upload form and the photos in their
 * order, each with forms to move it up or down and to remove it. Every form is a real multipart
 * `<form method="post">` to the page itself with its CSRF field first (http/routes/adminCarPhotosApi.ts
 * answers 303 back), so the page works without JavaScript: the server renders this panel into the
 * shell. In the browser CarPhotosView.tsx passes handlers that send the same forms through the JSON API
 * (the upload with a progress bar).
 */
import type { FormEvent } from 'react';
import { type CarPhoto, PHOTO_FORMATS, photoSources } from '../../../domain/catalogue/carPhotos.ts';
import type { Locale } from '../../../domain/markets.ts';
import { generateUrl } from '../../../domain/routes/index.ts';
import type { AdminKey, AdminTranslator } from '../adminTranslator.ts';

export type PhotoIntent = 'upload' | 'up' | 'down' | 'remove';

export interface CarPhotosPanelProps {
  readonly t: AdminTranslator;
  readonly locale: Locale;
  readonly carId: string;
  readonly csrfToken: string;
  readonly photos: readonly CarPhoto[];
  /** The file field's problem codes (a refused post) or the last action done. */
  readonly problem?: string | undefined;
  readonly done?: string | undefined;
  /** Share of the upload sent (0–1) while uploading with JavaScript. */
  readonly progress?: number | undefined;
  readonly busy?: boolean;
  readonly onSubmit?: (event: FormEvent<HTMLFormElement>, intent: PhotoIntent, photoId?: string) => void;
}

const PROBLEMS = ['missing', 'too_large', 'not_an_image', 'too_many_pixels', 'too_small', 'too_many_photos'];

/** A problem code in words (an unknown one: the generic failure). */
export function photoProblemText(t: AdminTranslator, code: string): string {
  return t.t(`media.problems.${PROBLEMS.includes(code) ? code : 'unknown'}` as AdminKey);
}

/** The smallest JPEG of a photo, for its thumbnail in the list. */
const thumbnailOf = (photo: CarPhoto) =>
  photoSources(photo).find((s) => s.format === PHOTO_FORMATS.at(-1))?.files[0]?.url;

export function CarPhotosPanel(props: CarPhotosPanelProps) {
  const { t, locale, carId, csrfToken, photos, problem, done, progress, busy, onSubmit } = props;
  const action = generateUrl(`admin_image_upload.${locale}`, { id: carId });
  const percent = progress === undefined ? undefined : Math.round(progress * 100);
  const total = photos.length;
  const hidden = (intent: PhotoIntent, photoId?: string) => (
    <>
      {/* First: the server checks the token once it has read the fields ahead of the file. */}
      <input type="hidden" name="_csrf" value={csrfToken} />
      <input type="hidden" name="intent" value={intent} />
      {photoId ? <input type="hidden" name="photoId" value={photoId} /> : null}
    </>
  );
  return (
    <div className="admin-photos">
      <h1>{t.t('media.title', { id: carId })}</h1>
      <p>{t.t('media.intro')}</p>
      <p>
        <a href={generateUrl(`image_index_bo.${locale}`, { id: carId })}>{t.t('media.viewCar')}</a>
      </p>
      {done ? (
        <p className="admin-notice" role="status">
          {t.t(`media.done.${done}` as AdminKey)}
        </p>
      ) : null}
      <section className="admin-card" aria-labelledby="photos-upload">
        <h2 id="photos-upload">{t.t('media.upload')}</h2>
        <form
          method="post"
          action={action}
          encType="multipart/form-data"
          noValidate
          {...(onSubmit ? { onSubmit: (event) => onSubmit(event, 'upload') } : {})}
        >
          {hidden('upload')}
          <div className="admin-field">
            <label htmlFor="photos-file">{t.t('media.fileLabel')}</label>
            <input
              id="photos-file"
              name="file"
              type="file"
              accept="image/jpeg,image/png,image/webp,image/avif"
              required
              aria-describedby={problem ? 'photos-file-help photos-file-error' : 'photos-file-help'}
              aria-invalid={problem ? true : undefined}
            />
            <p id="photos-file-help" className="admin-field__help">
              {t.t('media.fileHelp')}
            </p>
            {problem ? (
              <p className="admin-field__error" id="photos-file-error" role="alert">
                {photoProblemText(t, problem)}
              </p>
            ) : null}
          </div>
          {percent === undefined ? null : (
            <div className="admin-progress" role="status">
              <label htmlFor="photos-progress">
                {percent < 100
                  ? t.t('media.uploading', { percent: t.number(percent) })
                  : t.t('media.processing')}
              </label>
              <progress id="photos-progress" max={100} value={percent} aria-label={t.t('media.progress')} />
            </div>
          )}
          <p>
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              {t.t('media.submit')}
            </button>
          </p>
        </form>
      </section>
      <section className="admin-card" aria-labelledby="photos-list">
        <h2 id="photos-list">{t.t('media.list')}</h2>
        {total === 0 ? (
          <p>{t.t('media.none')}</p>
        ) : (
          <ol className="admin-photo-list">
            {photos.map((photo, index) => {
              const n = { n: t.number(index + 1) };
              const form = (intent: Exclude<PhotoIntent, 'upload'>, label: string, disabled: boolean) => (
                <form
                  method="post"
                  action={action}
                  encType="multipart/form-data"
                  {...(onSubmit ? { onSubmit: (event) => onSubmit(event, intent, photo.photoId) } : {})}
                >
                  {hidden(intent, photo.photoId)}
                  <button
                    type="submit"
                    className={`admin-button admin-button--small${intent === 'remove' ? ' admin-button--danger' : ''}`}
                    disabled={disabled || busy}
                  >
                    {label}
                  </button>
                </form>
              );
              return (
                <li key={photo.photoId} className="admin-photo">
                  <img
                    src={thumbnailOf(photo)}
                    alt={t.t('media.photo', { n: t.number(index + 1), total: t.number(total) })}
                    width={160}
                    height={Math.round((160 * photo.height) / photo.width)}
                    loading="lazy"
                  />
                  <span className="admin-photo__size">
                    {t.number(photo.width)} × {t.number(photo.height)}
                  </span>
                  <div className="admin-photo__actions">
                    {form('up', t.t('media.moveUp', n), index === 0)}
                    {form('down', t.t('media.moveDown', n), index === total - 1)}
                    {form('remove', t.t('media.remove', n), false)}
                  </div>
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </div>
  );
}
