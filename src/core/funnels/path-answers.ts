/**
 * Path answers: the one-tap yes/no questions that only steer a visitor's way through a funnel
 * ("Do you have another vehicle?", "Does anyone else drive your car?"). They are not lead fields
 * (spec §3): a yes leads on to the next vehicle's or driver's questions, a no passes over them.
 * They are kept with the form's values, so the path and "Step N of M" follow them, and never
 * stored in or sent with a lead (the lead rules drop unknown keys). A lead's own answers imply
 * them again (a lead with a second vehicle answered yes), which is how the server checks that a
 * lead's visitor walked every question of its path (src/server/funnels/walked-path.ts).
 */
/** Form values by field name (form-buckets.ts FormValues, spelled out: that module reads this one). */
type FormValues = Readonly<Record<string, unknown>>;

/** Every path answer, with the lead field whose presence means the answer was yes. */
export const PATH_ANSWERS: Readonly<Record<string, string>> = {
  hasVehicle2: 'vehicle2Year',
  hasVehicle3: 'vehicle3Year',
  hasDriver2: 'driver2FirstName',
  hasDriver3: 'driver3FirstName',
};

/** True when `name` is a path answer rather than a lead field. */
export function isPathAnswer(name: string): boolean {
  return Object.hasOwn(PATH_ANSWERS, name);
}

/** The valid path answers of stored values (booleans only), to keep beside the lead fields read back from storage. */
export function storedPathAnswers(values: FormValues): Record<string, boolean> {
  return Object.fromEntries(Object.entries(values).filter(([name, value]) => isPathAnswer(name) && typeof value === 'boolean')) as Record<string, boolean>;
}

/**
 * The path answers a lead's own fields imply: yes where it holds the field a yes leads to, no
 * otherwise.
 * @example
 * impliedPathAnswers({ vehicle2Year: '2019' }); // { hasVehicle2: true, hasVehicle3: false, hasDriver2: false, hasDriver3: false }
 */
export function impliedPathAnswers(lead: FormValues): Record<string, boolean> {
  return Object.fromEntries(Object.entries(PATH_ANSWERS).map(([name, yesWhen]) => [name, lead[yesWhen] !== undefined]));
}
