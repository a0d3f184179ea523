/**
 * The customer's own cars: each with its picture (served to them only), its facts, a form to change
 * them, one to send a picture (multipart) and one to remove the car; and the form to add a car. A
 * refused form shows its messages in its own form only (the flash names the car it was about).
 */
import type { MyCar } from '../../../domain/customers/myCars.ts';
import type { Locale } from '../../../domain/markets.ts';
import { formatMileage } from '../../i18n/format.ts';
import type { FormFlash } from '../../router/AppRouterContext.ts';
import type { PageProps } from '../../router/PageModule.ts';
import { urlFor } from '../../router/urlFor.ts';
import { fill } from '../funnel/fill.ts';
import { Field, FormProvider, FunnelForm, useFieldMessages } from '../funnel/funnelForm.tsx';
import type { AccountPageProps } from './accountPageProps.ts';
import type { AccountMessages } from './messages/fr.ts';

type Props = PageProps<AccountPageProps> & { readonly cars: NonNullable<AccountPageProps['cars']> };

/** The refused form's flash if it was about `carId` (null: the add form) and `picture` says which form. */
function flashFor(flash: FormFlash | null, carId: string | null, picture: boolean): FormFlash | null {
  if (!flash) return null;
  const about = flash.values.carId || null;
  if (about !== carId) return null;
  if ('image' in flash.fields !== picture) return null;
  return 'brand' in flash.values || picture ? flash : null;
}

export function MyCars(props: Props) {
  const { cars, messages: m, match, csrfToken, path, flash } = props;
  const locale = match.locale;
  const scoped = (carId: string | null, picture: boolean, children: React.ReactNode) => (
    <FormProvider
      csrfToken={csrfToken}
      back={path}
      flash={flashFor(flash, carId, picture)}
      invalid={m.form.invalid}
    >
      {children}
    </FormProvider>
  );
  const size = fill(m.cars.megabytes, { n: Math.round(cars.imageMaxBytes / 1024 / 1024) });
  return (
    <section className="account__section" id="cars" aria-labelledby="cars-title">
      <h2 id="cars-title">{m.cars.title}</h2>
      <p>{m.cars.intro}</p>
      {cars.cars.length === 0 ? <p className="account__empty">{m.cars.empty}</p> : null}
      <ul className="my-cars">
        {cars.cars.map((car) => (
          <li key={car.carId} className="panel my-car">
            <CarPicture car={car} m={m} locale={locale} />
            <div className="my-car__body">
              <h3 id={`car-${car.carId}`}>
                {car.brand} {car.model}
              </h3>
              <p className="my-car__facts">
                {fill(m.cars.summary, { year: car.year, mileage: formatMileage(car.mileageKm, locale) })}
                {car.plate ? <span className="my-car__plate"> · {car.plate}</span> : null}
              </p>
              {scoped(car.carId, true, <PictureForm car={car} m={m} locale={locale} size={size} />)}
              {scoped(car.carId, false, <EditCar car={car} m={m} locale={locale} />)}
            </div>
          </li>
        ))}
      </ul>
      {cars.cars.length < cars.max ? (
        scoped(null, false, <AddCar m={m} locale={locale} />)
      ) : (
        <p className="notice notice--info">{fill(m.cars.full, { max: cars.max })}</p>
      )}
    </section>
  );
}

function CarPicture(props: { car: MyCar; m: AccountMessages; locale: Locale }) {
  const { car, m, locale } = props;
  if (!car.hasImage) return <div className="my-car__picture my-car__picture--none">{m.cars.noPicture}</div>;
  const src = `${urlFor('ajax_add_my_car_image', locale)}?carId=${car.carId}&v=${car.version}`;
  return (
    <img
      className="my-car__picture"
      src={src}
      alt={fill(m.cars.pictureAlt, { car: `${car.brand} ${car.model}` })}
      width={320}
      height={200}
      loading="lazy"
    />
  );
}

function CarFields(props: { m: AccountMessages; car?: MyCar; prefix: string }) {
  const { m, car, prefix } = props;
  return (
    <>
      <Field idPrefix={prefix} name="brand" label={m.cars.brand} required value={car?.brand} maxLength={40} />
      <Field idPrefix={prefix} name="model" label={m.cars.model} required value={car?.model} maxLength={60} />
      <Field
        idPrefix={prefix}
        name="year"
        type="number"
        label={m.cars.year}
        required
        value={car?.year}
        min={1950}
        inputMode="numeric"
      />
      <Field
        idPrefix={prefix}
        name="mileageKm"
        type="number"
        label={m.cars.mileage}
        required
        value={car?.mileageKm}
        min={0}
        inputMode="numeric"
      />
      <Field
        idPrefix={prefix}
        name="plate"
        label={m.cars.plate}
        value={car?.plate}
        help={m.cars.plateHelp}
        maxLength={15}
        autoComplete="off"
        wide
      />
    </>
  );
}

function AddCar(props: { m: AccountMessages; locale: Locale }) {
  const { m, locale } = props;
  return (
    <div className="panel">
      <FunnelForm action={urlFor('ajax_add_my_car', locale)} labelledBy="add-car-title" id="add-car">
        <h3 id="add-car-title">{m.cars.add}</h3>
        <p className="form__note">{m.form.required}</p>
        <div className="form__fields">
          <CarFields m={m} prefix="add-car" />
        </div>
        <button type="submit" className="btn btn--accent">
          {m.cars.add}
        </button>
      </FunnelForm>
    </div>
  );
}

function EditCar(props: { car: MyCar; m: AccountMessages; locale: Locale }) {
  const { car, m, locale } = props;
  const refused = useFieldMessages('brand').length + useFieldMessages('year').length > 0;
  const action = urlFor('ajax_add_my_car_update', locale);
  return (
    <details className="my-car__edit" open={refused || undefined}>
      <summary className="account__toggle">
        {m.cars.edit}
        <span className="visually-hidden">
          {' '}
          {car.brand} {car.model}
        </span>
      </summary>
      <FunnelForm action={action}>
        <input type="hidden" name="carId" value={car.carId} />
        <input type="hidden" name="expectedVersion" value={car.version} />
        <div className="form__fields">
          <CarFields m={m} car={car} prefix={`edit-${car.carId}`} />
        </div>
        <button type="submit" className="btn btn--primary">
          {m.cars.save}
        </button>
      </FunnelForm>
      <FunnelForm action={action} className="my-car__remove">
        <input type="hidden" name="carId" value={car.carId} />
        <input type="hidden" name="action" value="remove" />
        <button type="submit" className="btn btn--ghost">
          {m.cars.remove}
        </button>
      </FunnelForm>
    </details>
  );
}

function PictureForm(props: { car: MyCar; m: AccountMessages; locale: Locale; size: string }) {
  const { car, m, locale, size } = props;
  const messages = useFieldMessages('image');
  const error = messages.some((text) => /over/.test(text))
    ? fill(m.cars.pictureTooBig, { size })
    : messages.some((text) => /missing|empty/.test(text))
      ? m.cars.pictureMissing
      : m.cars.pictureType;
  return (
    <FunnelForm
      action={urlFor('ajax_add_my_car_image', locale)}
      encType="multipart/form-data"
      className="form my-car__picture-form"
    >
      <input type="hidden" name="carId" value={car.carId} />
      <Field
        idPrefix={`picture-${car.carId}`}
        name="image"
        type="file"
        label={m.cars.picture}
        accept="image/jpeg,image/png,image/webp"
        help={fill(m.cars.pictureHelp, { size })}
        error={error}
        required
      />
      <button type="submit" className="btn btn--ghost">
        {m.cars.upload}
      </button>
    </FunnelForm>
  );
}
