/**
 * The detail page's pictures: the large one and a thumbnail per picture to switch to. The car's photos
 * when it has some (responsive `<picture>`s, CarPhotoPicture.tsx), else its drawn views.
 */
import { useState } from 'react';
import type { CarPhoto } from '../../domain/catalogue/carPhotos.ts';
import { CAR_PICTURE_VIEWS } from '../../domain/catalogue/carPicture.ts';
import { carPictureUrl } from '../api/apiClient.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { CarPhotoPicture } from './CarPhotoPicture.tsx';

/** The main picture's slot: the page's width on phones (less its margins), the main column on desktops. */
const MAIN_SIZES = '(max-width: 959px) calc(100vw - 32px), 760px';
/** A thumbnail's picture (ui/styles/app.css): 92 px on phones (the 320 px file at density 3), else 108. */
const THUMB_SIZES = '(max-width: 959px) 92px, 108px';

export function CarGallery(props: {
  readonly carId: string;
  readonly name: string;
  readonly photos?: readonly CarPhoto[] | undefined;
}) {
  const photos = props.photos ?? [];
  return photos.length > 0 ? (
    <PhotoGallery photos={photos} name={props.name} />
  ) : (
    <DrawnGallery carId={props.carId} name={props.name} />
  );
}

function PhotoGallery(props: { readonly photos: readonly CarPhoto[]; readonly name: string }) {
  const t = useTranslator();
  const [shown, setShown] = useState(0);
  const total = props.photos.length;
  const main = props.photos[Math.min(shown, total - 1)]!;
  return (
    <section className="gallery" aria-label={t.t('car.gallery')}>
      <div className="gallery__main">
        <CarPhotoPicture photo={main} alt={props.name} sizes={MAIN_SIZES} fetchPriority="high" />
      </div>
      {total > 1 ? (
        <ul className="gallery__thumbs gallery__thumbs--photos">
          {props.photos.map((photo, index) => (
            <li key={photo.photoId}>
              <button
                type="button"
                className="gallery__thumb"
                aria-pressed={index === shown}
                aria-label={t.t('car.photo', { n: index + 1, total })}
                onClick={() => setShown(index)}
              >
                <CarPhotoPicture photo={photo} alt="" sizes={THUMB_SIZES} loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function DrawnGallery(props: { readonly carId: string; readonly name: string }) {
  const t = useTranslator();
  const [view, setView] = useState<string>(CAR_PICTURE_VIEWS[0]);
  const total = CAR_PICTURE_VIEWS.length;
  return (
    <section className="gallery" aria-label={t.t('car.gallery')}>
      <div className="gallery__main">
        <img src={carPictureUrl(props.carId, view)} alt={props.name} width="640" height="400" />
      </div>
      <ul className="gallery__thumbs">
        {CAR_PICTURE_VIEWS.map((each, index) => (
          <li key={each}>
            <button
              type="button"
              className="gallery__thumb"
              aria-pressed={each === view}
              aria-label={t.t('car.photo', { n: index + 1, total })}
              onClick={() => setView(each)}
            >
              <img src={carPictureUrl(props.carId, each)} alt="" width="160" height="100" loading="lazy" />
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
