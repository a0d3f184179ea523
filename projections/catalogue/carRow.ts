/** A `catalogue_cars` row as pg returns it, and the list card built from it (search and detail share it). */
import type { CarSummary } from '../../domain/catalogue/search.ts';

export interface CarRow {
  car_id: string;
  slug: string;
  condition: 'used' | 'new';
  brand: string;
  model: string;
  version: string;
  year: number;
  mileage_km: number;
  fuel: string;
  gearbox: string;
  body: string;
  colour: string;
  power_kw: number;
  price_amount: string;
  currency: 'EUR' | 'PLN';
  dealer_id: string;
  city: string;
  listed_at: Date;
}

export function toSummary(row: CarRow): CarSummary {
  return {
    carId: String(row.car_id),
    slug: row.slug,
    condition: row.condition,
    brand: row.brand,
    model: row.model,
    version: row.version,
    year: row.year,
    mileageKm: row.mileage_km,
    fuel: row.fuel,
    gearbox: row.gearbox,
    body: row.body,
    colour: row.colour,
    powerKw: row.power_kw,
    price: { amount: Number(row.price_amount), currency: row.currency },
    dealerId: String(row.dealer_id),
    city: row.city,
    listedAt: row.listed_at.toISOString(),
  };
}
