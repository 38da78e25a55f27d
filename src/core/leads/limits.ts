/**
 * Lead limits the spec names (spec §5 "Validation rules", §9 "Drivers and vehicles", "Name and
 * address"): the one place their values live.
 */

/** Longest first name, last name, address or address line 2, after trimming (spec §9: 256). */
export const NAME_MAX = 256;

/** Longest vehicle make or model, after trimming (spec §9: 50). */
export const VEHICLE_TEXT_MAX = 50;

/**
 * Oldest accepted vehicle model year. Cars older than this were never mass-produced, so an
 * earlier year is a typing slip, not a car someone wants to insure.
 */
export const VEHICLE_YEAR_MIN = 1900;

/**
 * How many years past the current calendar year a model year may be. Makers sell next year's
 * models from the middle of this year (a 2026 car is bought in 2025), so one year ahead is real.
 */
export const VEHICLE_YEAR_AHEAD = 1;

/** The driver numbers N of the driverN… fields (spec §3 "Drivers 1 to 3"). */
export const DRIVER_NUMBERS = [1, 2, 3] as const;

/** The vehicle numbers N of the vehicleN… fields (spec §3 "Vehicles 1 to 3"). */
export const VEHICLE_NUMBERS = [1, 2, 3] as const;

/** A driver number, 1 to {@link MAX_DRIVERS}. */
export type DriverNumber = (typeof DRIVER_NUMBERS)[number];

/** A vehicle number, 1 to {@link MAX_VEHICLES}. */
export type VehicleNumber = (typeof VEHICLE_NUMBERS)[number];

/** Most drivers on one auto lead (spec §9: 3). */
export const MAX_DRIVERS = DRIVER_NUMBERS.length;

/** Most vehicles on one auto lead (spec §9: 3). */
export const MAX_VEHICLES = VEHICLE_NUMBERS.length;
