/** A car in a list: picture, name, key facts, price and where it stands; the whole card links to it. */
import type { ReactNode } from 'react';
import { brandName, modelName } from '../../domain/catalogue/reference/brandNames.ts';
import type { CarSummary } from '../../domain/catalogue/search.ts';
import { carPictureUrl } from '../api/apiClient.ts';
import { useTranslator } from '../i18n/TranslatorProvider.tsx';
import { carUrl } from '../router/carUrl.ts';
import { AppLink } from './AppLink.tsx';
import { CarPhotoPicture } from './CarPhotoPicture.tsx';
import { Icon } from './Icon.tsx';

/** A card's picture: the grid's column (one on phones, up to four on wide screens). */
const CARD_SIZES = '(max-width: 639px) calc(100vw - 32px), (max-width: 1023px) 50vw, 320px';

export function CarCard(props: {
  readonly car: CarSummary;
  readonly headingLevel?: 2 | 3;
  readonly eager?: boolean;
  /** Something to do with the car, outside its link (e.g. the favorites page's favorite button). */
  readonly action?: ReactNode;
}) {
  const { car } = props;
  const t = useTranslator();
  const href = carUrl(car, t.locale);
  const Heading = props.headingLevel === 2 ? 'h2' : 'h3';
  const body = (
    <>
      <div className="car-card__media">
        {car.photo ? (
          <CarPhotoPicture
            photo={car.photo}
            alt=""
            sizes={CARD_SIZES}
            loading={props.eager ? 'eager' : 'lazy'}
          />
        ) : (
          <img
            src={carPictureUrl(car.carId)}
            alt=""
            loading={props.eager ? 'eager' : 'lazy'}
            width="480"
            height="300"
          />
        )}
        {car.condition === 'new' ? (
          <span className="badge badge--new">{t.label('condition', 'new')}</span>
        ) : null}
      </div>
      <div className="car-card__body">
        <Heading className="car-card__title">
          {brandName(car.brand)} {modelName(car.brand, car.model)}
        </Heading>
        <p className="car-card__version">{car.version}</p>
        <ul className="car-card__specs">
          <li>
            <Icon name="calendar" size={16} />
            {car.year}
          </li>
          <li>
            <Icon name="gauge" size={16} />
            {t.mileage(car.mileageKm)}
          </li>
          <li>
            <Icon name="fuel" size={16} />
            {t.label('fuel', car.fuel)}
          </li>
          <li>
            <Icon name="gear" size={16} />
            {t.label('gearbox', car.gearbox)}
          </li>
        </ul>
        <div className="car-card__footer">
          <p className="car-card__price">{t.price(car.price)}</p>
          <p className="car-card__city">
            <Icon name="pin" size={16} />
            {car.city}
          </p>
        </div>
      </div>
    </>
  );
  return (
    <article className={props.action ? 'car-card car-card--with-action' : 'car-card'}>
      {href ? (
        <AppLink className="car-card__link" href={href}>
          {body}
        </AppLink>
      ) : (
        <div className="car-card__link">{body}</div>
      )}
      {props.action ? <div className="car-card__action">{props.action}</div> : null}
    </article>
  );
}

/** Cars as a responsive grid. */
export function CarGrid(props: {
  readonly cars: readonly CarSummary[];
  readonly headingLevel?: 2 | 3;
  readonly action?: (car: CarSummary) => ReactNode;
}) {
  return (
    <ul className="car-grid">
      {props.cars.map((car, index) => (
        <li key={car.carId}>
          <CarCard
            car={car}
            eager={index < 4}
            {...(props.action ? { action: props.action(car) } : {})}
            {...(props.headingLevel ? { headingLevel: props.headingLevel } : {})}
          />
        </li>
      ))}
    </ul>
  );
}
