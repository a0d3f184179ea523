/** A row of a postcode-area table: prefix, main town, latitude, longitude, landmass when not the mainland. */
export type AreaRow = readonly [prefix: string, name: string, lat: number, lng: number, landmass?: string];
