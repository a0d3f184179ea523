/** The detail page's pictures: the large one and a thumbnail per view to switch to. */
import { useState } from 'react';
import { CAR_PICTURE_VIEWS } from '../../domain/catalogue/carPicture.ts';
import { carPictureUrl } from '../api/apiClient.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';

export function CarGallery(props: { readonly carId: string; readonly name: string }) {
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
