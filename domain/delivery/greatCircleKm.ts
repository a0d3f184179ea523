/** Great-circle distances on the WGS-84 mean sphere. */

/** A point in decimal degrees. */
export interface LatLng {
  readonly lat: number;
  readonly lng: number;
}

/** The IUGG mean Earth radius, in km. */
export const EARTH_RADIUS_KM = 6371.0088;

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points in km (haversine: stable for short distances too). */
export function greatCircleKm(a: LatLng, b: LatLng): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
