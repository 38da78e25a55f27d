/**
 * What each question a funnel can ask is about: its topic (the rule: at most one topic per
 * screen). A screen may ask several fields of one topic (a name's two parts, a vehicle's year,
 * make and model, a driver's one-tap choices about themselves) but never mixes topics. Kept as data beside the funnels so the rule is checked by tests and
 * scripts/funnel-shape.ts, not judged by eye.
 */
import type { DriverField } from '../leads/auto.ts';

/** Topics of the fields asked once per lead, by lead field name. */
const FIELD_TOPICS: Readonly<Record<string, string>> = {
  zipcode: 'where you live',
  haveMedicare: 'Medicare coverage',
  haveMedicaid: 'Medicaid',
  currentlyInsured: 'current car insurance',
  currentCompany: 'current car insurance',
  homeowner: 'your home',
  interestedInHomeInsurance: 'your home',
  // The path answers (path-answers.ts): who and what else the quote covers.
  hasVehicle2: 'more vehicles',
  hasVehicle3: 'more vehicles',
  hasDriver2: 'more drivers',
  hasDriver3: 'more drivers',
  ageRange: 'age',
  coverageAmount: 'coverage amount',
  tobaccoUse: 'tobacco use',
  householdSize: 'household size',
  householdIncome: 'household income',
  haveHealthInsurance: 'current health insurance',
  firstName: 'name',
  lastName: 'name',
  email: 'how to reach you',
  phone: 'how to reach you',
  // Asked only by the call-back form on the end screen, never on a funnel's screens.
  callbackAt: 'when to call you',
};

/**
 * Topics of a driver's fields, by field suffix. Name and date of birth are one topic, who the
 * driver is: together they identify a person (insurers match driving records by both), and they
 * are the only typed answers about the driver. Gender and marital status are who the driver is in
 * an insurer's rating; credit, an SR-22 filing and military service are their record: each pair
 * or trio is a screen of one-tap choices. The contact fields are the household's, asked of driver
 * 1 only, so their topic carries no driver number.
 */
const DRIVER_TOPICS: Readonly<Record<DriverField, { topic: string; perDriver: boolean }>> = {
  FirstName: { topic: 'who (name, date of birth)', perDriver: true },
  LastName: { topic: 'who (name, date of birth)', perDriver: true },
  Dob: { topic: 'who (name, date of birth)', perDriver: true },
  Gender: { topic: 'gender and marital status', perDriver: true },
  MaritalStatus: { topic: 'gender and marital status', perDriver: true },
  CreditRating: { topic: 'record (credit, SR-22, military service)', perDriver: true },
  Sr22: { topic: 'record (credit, SR-22, military service)', perDriver: true },
  MilitaryAffiliation: { topic: 'record (credit, SR-22, military service)', perDriver: true },
  Email: { topic: 'how to reach you', perDriver: false },
  Phone: { topic: 'how to reach you', perDriver: false },
  Address: { topic: 'home address', perDriver: false },
  Address2: { topic: 'home address', perDriver: false },
};

const DRIVER_FIELD = /^driver(\d)([A-Z]\w*)$/;
const VEHICLE_FIELD = /^vehicle(\d)(Year|Make|Model)$/;

/** The topic of lead field `name` ('vehicle 2', 'driver 1: gender', 'where you live'), or undefined for a name no funnel asks. */
export function fieldTopic(name: string): string | undefined {
  if (Object.hasOwn(FIELD_TOPICS, name)) return FIELD_TOPICS[name];
  const vehicle = VEHICLE_FIELD.exec(name);
  if (vehicle) return `vehicle ${vehicle[1]}`;
  const driver = DRIVER_FIELD.exec(name);
  const driverField = driver?.[2];
  if (driver && driverField !== undefined && Object.hasOwn(DRIVER_TOPICS, driverField)) {
    const { topic, perDriver } = DRIVER_TOPICS[driverField as DriverField];
    return perDriver ? `driver ${driver[1]}: ${topic}` : topic;
  }
  return undefined;
}

/** The distinct topics of `fieldNames`, in order of first appearance; an unknown field is its own topic, named '?' + its name. */
export function topicsOf(fieldNames: readonly string[]): string[] {
  return [...new Set(fieldNames.map((name) => fieldTopic(name) ?? `?${name}`))];
}
