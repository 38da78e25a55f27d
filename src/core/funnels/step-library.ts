/**
 * The step library: every question a funnel can ask, written once in English and Spanish.
 * Funnels (funnels.ts) are lists of these steps, localised to their language (localize.ts), so
 * a wording fix reaches every funnel and both languages stay in step.
 */
import {
  AGE_RANGES,
  AGE_RANGE_LABELS,
  COVERAGE_AMOUNTS,
  COVERAGE_AMOUNT_LABELS,
  HOUSEHOLD_INCOMES,
  HOUSEHOLD_INCOME_LABELS,
  HOUSEHOLD_SIZES,
  HOUSEHOLD_SIZE_LABELS,
} from '../leads/answer-lists.ts';
import { CARRIERS } from '../leads/carriers.ts';
import { CREDIT_RATINGS, CREDIT_RATING_LABELS, GENDERS, GENDER_LABELS, MARITAL_STATUSES, MARITAL_STATUS_LABELS } from '../leads/enums.ts';
import { DRIVER_NUMBERS, NAME_MAX, VEHICLE_NUMBERS, VEHICLE_TEXT_MAX, type DriverNumber, type VehicleNumber } from '../leads/limits.ts';
import type { LocalizedText } from '../leads/localized.ts';
import type { LeadProduct } from '../leads/product.ts';
import type { FieldKind, OtherChoice, StepCondition, StepField, StepKind } from './types.ts';
import { modelYearChoices, VEHICLE_MAKES } from './vehicles/catalog.ts';
import { FIRST_MODEL_YEAR } from './vehicles/makes-models.ts';

/** A choice before localisation. */
export interface OptionTemplate {
  value: string;
  label: LocalizedText;
}

/** A field before localisation (see StepField). */
export interface FieldTemplate {
  name: string;
  label: LocalizedText;
  kind: FieldKind;
  options?: readonly OptionTemplate[];
  hint?: LocalizedText;
  autoComplete?: string;
  required?: boolean;
  errorMessage?: LocalizedText;
  other?: { label: LocalizedText; textLabel: LocalizedText; kind?: OtherChoice['kind'] };
  modelsOf?: NonNullable<StepField['modelsOf']>;
  onlyIf?: StepCondition;
  commonFirst?: { count: number; label: LocalizedText; restLabel: LocalizedText };
}

/** A step before localisation (see FunnelStep). */
export interface StepTemplate {
  name: string;
  title: LocalizedText;
  description?: LocalizedText;
  kind: StepKind;
  fields: readonly FieldTemplate[];
  onEnter?: string;
  onSubmit?: string;
  skippable?: boolean;
  skipLabel?: LocalizedText;
  submitLabel?: LocalizedText;
  onlyIf?: StepCondition;
}

/** The on-enter action of the end screens: check lead demand with the marketplace (spec §4). */
const CHECK_DEMAND = 'checkDemand';

const YES_NO: readonly OptionTemplate[] = [
  { value: 'yes', label: { en: 'Yes', es: 'Sí' } },
  { value: 'no', label: { en: 'No', es: 'No' } },
];

function yesNo(name: string, label: LocalizedText, hint?: LocalizedText): FieldTemplate {
  return { name, label, kind: 'yesno', options: YES_NO, required: true, ...(hint ? { hint } : {}) };
}

/** "Enter a first name (up to 256 characters)." A friendlier message than the rule's for a named text field. */
function enterText(what: LocalizedText, max: number): LocalizedText {
  return { en: `Enter ${what.en} (up to ${max} characters).`, es: `Ingrese ${what.es} (hasta ${max} caracteres).` };
}

function choices<V extends string>(values: readonly V[], labels: Readonly<Record<V, LocalizedText>>): OptionTemplate[] {
  return values.map((value) => ({ value, label: labels[value] }));
}

/** Why the ZIP step asks, per product: the reason a visitor reads under the title. */
const ZIP_REASONS: Readonly<Record<LeadProduct, LocalizedText>> = {
  medicare: { en: 'Plans and benefits depend on where you live.', es: 'Los planes y beneficios dependen de dónde vive.' },
  auto: { en: 'Car insurance prices depend on where you live.', es: 'El precio del seguro de auto depende de dónde vive.' },
  life: { en: 'Life insurance policies and prices vary by state.', es: 'Las pólizas y los precios de los seguros de vida varían según el estado.' },
  health: { en: 'Health plans and prices depend on where you live.', es: 'Los planes de salud y sus precios dependen de dónde vive.' },
};

/** ZIP code, first step of every funnel; the reason given differs by product. */
export function zipStep(product: LeadProduct): StepTemplate {
  return {
    name: 'zip',
    title: { en: 'Your ZIP code', es: 'Su código postal' },
    description: ZIP_REASONS[product],
    kind: 'form',
    fields: [
      {
        name: 'zipcode',
        label: { en: 'ZIP code', es: 'Código postal' },
        kind: 'zip',
        hint: { en: '5 digits, for example 33101', es: '5 dígitos, por ejemplo 33101' },
        autoComplete: 'postal-code',
        required: true,
      },
    ],
  };
}

/** Has Medicare Parts A and B. */
export const HAVE_MEDICARE_STEP: StepTemplate = {
  name: 'medicare',
  title: { en: 'Your Medicare coverage', es: 'Su cobertura de Medicare' },
  kind: 'form',
  fields: [
    yesNo(
      'haveMedicare',
      { en: 'Do you have Medicare Part A and Part B?', es: '¿Tiene Medicare Parte A y Parte B?' },
      { en: 'Both parts are printed on your red, white and blue Medicare card.', es: 'Ambas partes aparecen en su tarjeta roja, blanca y azul de Medicare.' },
    ),
  ],
};

/** Has Medicaid (dual eligibility); "not sure" skips the question. */
export const HAVE_MEDICAID_STEP: StepTemplate = {
  name: 'medicaid',
  title: { en: 'Help with medical costs', es: 'Ayuda con los gastos médicos' },
  kind: 'form',
  fields: [
    yesNo(
      'haveMedicaid',
      { en: 'Do you also have Medicaid?', es: '¿También tiene Medicaid?' },
      { en: 'Medicaid is help from your state with medical costs.', es: 'Medicaid es la ayuda de su estado con los gastos médicos.' },
    ),
  ],
  skippable: true,
  skipLabel: { en: "I'm not sure", es: 'No estoy seguro(a)' },
  submitLabel: { en: 'See my options', es: 'Ver mis opciones' },
};

/** A call end screen: the phone number, demand checked on entry; the words say what the call is about and who answers ({helper}, filled per brand). */
function callStep(title: LocalizedText, description: LocalizedText): StepTemplate {
  return { name: 'call', title, description, kind: 'call', fields: [], onEnter: CHECK_DEMAND };
}

/** End screen of the Medicare funnels: the phone number of the brand's licensed agents, or of the licensed agency it works with. */
export const CALL_STEP: StepTemplate = callStep(
  { en: 'Good news: {helper} can help you now', es: 'Buenas noticias: {helperEs} puede ayudarle ahora' },
  {
    en: 'Call now to check the plans and benefits available in your area. The call is free and there is no obligation.',
    es: 'Llame ahora para revisar los planes y beneficios disponibles en su zona. La llamada es gratuita y sin compromiso.',
  },
);

/**
 * End screen of the ads funnels: an intro line above the marketplace ads (src/ui/ads) and the phone
 * number. The offer of an agent "right away" is the screen's to add, inside working hours only
 * (src/ui/funnel/end-text.ts `agentNow`). The description promises plans and offers, so it is
 * shown only once the list is (src/ui/funnel/end-screen-plan.ts); with none, `noAds` says so.
 */
export const ADS_STEP: StepTemplate = {
  name: 'ads',
  title: { en: 'Plans in your area', es: 'Planes en su zona' },
  description: {
    en: 'These plans and offers are available in your ZIP code.',
    es: 'Estos planes y ofertas están disponibles en su código postal.',
  },
  kind: 'ads',
  fields: [],
  onEnter: CHECK_DEMAND,
};

/**
 * A long list's most common answers first, then every other one in its own order (`all`): the
 * lists of insurers and makes put the dozen most people give where nobody has to scroll to them.
 */
function commonFirst(all: readonly string[], common: readonly string[], label: (value: string) => LocalizedText, groups: { common: LocalizedText; rest: LocalizedText }): Pick<FieldTemplate, 'options' | 'commonFirst'> {
  const missing = common.filter((value) => !all.includes(value));
  if (missing.length > 0) throw new Error(`common answers not in the list: ${missing.join(', ')}`);
  const ordered = [...common, ...all.filter((value) => !common.includes(value))];
  return { options: ordered.map((value) => ({ value, label: label(value) })), commonFirst: { count: common.length, label: groups.common, restLabel: groups.rest } };
}

/** The insurers most U.S. drivers are with, by market share: first in the current-insurer list. */
export const COMMON_CARRIERS = ['State Farm', 'GEICO', 'Progressive', 'Allstate', 'USAA', 'Liberty Mutual', 'Farmers', 'Nationwide'] as const;

/** The makes most U.S. cars on the road are, by registrations: first in the make list. */
export const COMMON_MAKES = ['Toyota', 'Ford', 'Chevrolet', 'Honda', 'Nissan', 'Hyundai', 'Jeep', 'Kia', 'Subaru', 'GMC', 'Ram', 'Dodge', 'Mazda', 'Volkswagen'] as const;

/**
 * Currently insured, and if so with whom, on one screen: the insurer list appears once "Yes" is
 * tapped (StepField.onlyIf), so an uninsured visitor answers with one tap.
 */
export const CURRENTLY_INSURED_STEP: StepTemplate = {
  name: 'insured',
  title: { en: 'Your current insurance', es: 'Su seguro actual' },
  kind: 'form',
  fields: [
    yesNo('currentlyInsured', { en: 'Do you have car insurance right now?', es: '¿Tiene seguro de auto actualmente?' }),
    {
      name: 'currentCompany',
      label: { en: 'Current insurance company', es: 'Compañía de seguros actual' },
      kind: 'select',
      ...commonFirst(CARRIERS, COMMON_CARRIERS, (carrier) => (carrier === 'Other' ? { en: 'Other', es: 'Otra' } : { en: carrier, es: carrier }), {
        common: { en: 'Most common', es: 'Las más comunes' },
        rest: { en: 'All insurers, A to Z', es: 'Todas las compañías, de la A a la Z' },
      }),
      hint: { en: 'The most common are listed first. Choose Other if yours is not in the list.', es: 'Las más comunes aparecen primero. Elija Otra si la suya no está en la lista.' },
      required: true,
      onlyIf: { field: 'currentlyInsured', equals: true },
    },
  ],
};

/**
 * Homeowner, and for a homeowner the interest in a home insurance quote on the same screen (a
 * renter has no home to insure, so is never asked).
 */
export const HOMEOWNER_STEP: StepTemplate = {
  name: 'homeowner',
  title: { en: 'Your home', es: 'Su vivienda' },
  kind: 'form',
  fields: [
    yesNo(
      'homeowner',
      { en: 'Do you own your home?', es: '¿Es dueño(a) de su vivienda?' },
      { en: 'Many insurers give homeowners a lower car insurance price.', es: 'Muchas aseguradoras dan un mejor precio de seguro de auto a los propietarios.' },
    ),
    {
      ...yesNo(
        'interestedInHomeInsurance',
        { en: 'Would you also like a home insurance quote?', es: '¿Le gustaría también una cotización de seguro de hogar?' },
        { en: 'Insuring your home and car together often lowers both prices.', es: 'Asegurar su casa y su auto juntos suele bajar ambos precios.' },
      ),
      onlyIf: { field: 'homeowner', equals: true },
    },
  ],
};

const ORDINALS: Record<1 | 2 | 3, LocalizedText> = {
  1: { en: 'first', es: 'primer' },
  2: { en: 'second', es: 'segundo' },
  3: { en: 'third', es: 'tercer' },
};

/** The model years offered, newest first, as options: numbers read the same in both languages. */
const MODEL_YEAR_OPTIONS: readonly OptionTemplate[] = modelYearChoices().map((year) => ({ value: year, label: { en: year, es: year } }));

/** The makes offered, the most common first, then all the others alphabetical; make names are the same in both languages. */
const MAKES = commonFirst(VEHICLE_MAKES, COMMON_MAKES, (make) => ({ en: make, es: make }), {
  common: { en: 'Most common', es: 'Las más comunes' },
  rest: { en: 'All makes, A to Z', es: 'Todas las marcas, de la A a la Z' },
});

/** The label of the text box each vehicle list reveals under "Other"; read on its own too, where a browser always shows it. */
const NOT_LISTED: Record<'year' | 'make' | 'model', LocalizedText> = {
  year: { en: 'Not in the list? Type the year', es: '¿No está en la lista? Escriba el año' },
  make: { en: 'Not in the list? Type the make', es: '¿No está en la lista? Escriba la marca' },
  model: { en: 'Not in the list? Type the model', es: '¿No está en la lista? Escriba el modelo' },
};

/**
 * Vehicle `n` on one screen: model year, make and model, each chosen from the vehicle data set
 * (vehicles/makes-models.ts) with "Other" for a typed answer. The model list follows the make and
 * year answered above it: it appears once both are chosen (resolve-step.ts). Without JavaScript
 * the post of year and make shows the screen again with the model list, the one extra screen of
 * that path (src/server/funnels/funnel-post.ts). The first vehicle is asked of everyone, the
 * others only after a yes to "another vehicle?" ({@link vehicleQuestionSteps}).
 */
export function vehicleStep(n: VehicleNumber): StepTemplate {
  const prefix = `vehicle${n}`;
  const ordinal = ORDINALS[n];
  return {
    name: `vehicle-${n}`,
    title: n === 1 ? { en: 'Your vehicle', es: 'Su vehículo' } : { en: `Your ${ordinal.en} vehicle`, es: `Su ${ordinal.es} vehículo` },
    kind: 'form',
    fields: [
      {
        name: `${prefix}Year`,
        label: { en: 'Model year', es: 'Año del modelo' },
        kind: 'select',
        options: MODEL_YEAR_OPTIONS,
        other: { label: { en: `Before ${FIRST_MODEL_YEAR}`, es: `Antes de ${FIRST_MODEL_YEAR}` }, textLabel: NOT_LISTED.year, kind: 'year' },
        required: true,
        errorMessage: { en: 'Choose the model year, or type its 4 digits.', es: 'Elija el año del modelo, o escriba sus 4 dígitos.' },
      },
      {
        name: `${prefix}Make`,
        label: { en: 'Make', es: 'Marca' },
        kind: 'select',
        ...MAKES,
        hint: { en: 'The most common are listed first.', es: 'Las más comunes aparecen primero.' },
        other: { label: { en: 'Other make', es: 'Otra marca' }, textLabel: NOT_LISTED.make },
        required: true,
        errorMessage: { en: `Choose the make, or type it (up to ${VEHICLE_TEXT_MAX} characters).`, es: `Elija la marca, o escríbala (hasta ${VEHICLE_TEXT_MAX} caracteres).` },
      },
      {
        name: `${prefix}Model`,
        label: { en: 'Model', es: 'Modelo' },
        kind: 'select',
        modelsOf: { make: `${prefix}Make`, year: `${prefix}Year` },
        other: { label: { en: 'Other model', es: 'Otro modelo' }, textLabel: NOT_LISTED.model },
        required: true,
        errorMessage: { en: `Choose the model, or type it (up to ${VEHICLE_TEXT_MAX} characters).`, es: `Elija el modelo, o escríbalo (hasta ${VEHICLE_TEXT_MAX} caracteres).` },
      },
    ],
    ...(n > 1 ? { onlyIf: { field: `hasVehicle${n}`, equals: true } } : {}),
  };
}

/**
 * "Another vehicle?" or "another driver?" as one tap: the path answer (path-answers.ts) `field`
 * that leads on to the next vehicle's or driver's screens. The first one is asked of everyone;
 * a later one only after a yes to the one before.
 */
function moreQuestion(field: string, title: LocalizedText, label: LocalizedText, hint: LocalizedText, after?: string): StepTemplate {
  return {
    name: field.replace(/[A-Z0-9]/g, (letter) => `-${letter.toLowerCase()}`),
    title,
    kind: 'form',
    fields: [{ ...yesNo(field, label, hint), errorMessage: { en: 'Choose Yes or No.', es: 'Elija Sí o No.' } }],
    ...(after ? { onlyIf: { field: after, equals: true } } : {}),
  };
}

const VEHICLES_TITLE: LocalizedText = { en: 'Your vehicles', es: 'Sus vehículos' };
const DRIVERS_TITLE: LocalizedText = { en: 'Other drivers', es: 'Otros conductores' };

/** Vehicle `n`'s screen, then (below the last) "Do you have another vehicle?". */
export function vehicleQuestionSteps(n: VehicleNumber): StepTemplate[] {
  if (n === VEHICLE_NUMBERS.at(-1)) return [vehicleStep(n)];
  const more =
    n === 1
      ? moreQuestion(
          'hasVehicle2',
          VEHICLES_TITLE,
          { en: 'Do you have another vehicle?', es: '¿Tiene otro vehículo?' },
          { en: 'Insuring your vehicles together often lowers the price.', es: 'Asegurar sus vehículos juntos suele bajar el precio.' },
        )
      : moreQuestion(
          `hasVehicle${n + 1}`,
          VEHICLES_TITLE,
          { en: `Do you have a ${ORDINALS[3].en} vehicle?`, es: `¿Tiene un ${ORDINALS[3].es} vehículo?` },
          { en: 'Add it to the same quote.', es: 'Agréguelo a la misma cotización.' },
          `hasVehicle${n}`,
        );
  return [vehicleStep(n), more];
}

/**
 * The marital statuses a driver is asked to choose from: all of spec §3's but 'unknown', which is
 * what a record holds when nobody said, not an answer a person gives.
 */
const ASKED_MARITAL_STATUSES = MARITAL_STATUSES.filter((status) => status !== 'unknown');

/**
 * Driver `n` on four screens: who the driver is (name and date of birth); gender and marital
 * status; credit rating (one tap); SR-22 filing and military service. Three screens of choices
 * rather than one, so each fits a 375x667 phone's first screen with its button (measured in
 * Chromium by test/browser/funnel-first-screen.test.ts).
 * That is every driver field of spec §3 the §7 mappings send per driver (the marketplace: name,
 * gender, marital status, birth date, credit rating, sr_22; the lead buyer: military experience
 * too). The contact details and address are the household's, asked once of the visitor on their
 * own screens (ADDRESS_STEP, CONTACT_STEP): nobody is asked for another person's email or phone.
 * Driver 1 is asked of everyone, the others only after a yes to "anyone else?" ({@link driverQuestionSteps}).
 */
export function driverSteps(n: DriverNumber): StepTemplate[] {
  const prefix = `driver${n}`;
  const ordinal = ORDINALS[n];
  const you = n === 1;
  // Browsers may autofill the visitor's own details only, never another driver's.
  const own = (token: string) => (you ? token : 'off');
  const title: LocalizedText = you ? { en: 'About you, the main driver', es: 'Sobre usted, el conductor principal' } : { en: `The ${ordinal.en} driver`, es: `El ${ordinal.es} conductor` };
  const onlyIf = you ? {} : { onlyIf: { field: `hasDriver${n}`, equals: true } };
  const who: StepTemplate = {
    name: `driver-${n}`,
    title,
    kind: 'form',
    fields: [
      {
        name: `${prefix}FirstName`,
        label: { en: 'First name', es: 'Nombre' },
        kind: 'text',
        autoComplete: own('given-name'),
        required: true,
        errorMessage: enterText({ en: 'a first name', es: 'un nombre' }, NAME_MAX),
      },
      {
        name: `${prefix}LastName`,
        label: { en: 'Last name', es: 'Apellido' },
        kind: 'text',
        autoComplete: own('family-name'),
        required: true,
        errorMessage: enterText({ en: 'a last name', es: 'un apellido' }, NAME_MAX),
      },
      {
        name: `${prefix}Dob`,
        label: { en: 'Date of birth', es: 'Fecha de nacimiento' },
        kind: 'date',
        autoComplete: own('bday'),
        required: true,
        errorMessage: {
          en: 'Enter a real date of birth: choose the month, then type the day and the 4-digit year.',
          es: 'Ingrese una fecha de nacimiento real: elija el mes y escriba el día y el año de 4 dígitos.',
        },
      },
    ],
    ...onlyIf,
  };
  // Another driver's questions are named, not asked, so each label keeps to one line and the
  // screen's Continue stays on a 375x667 phone's first screen.
  const details: StepTemplate = {
    name: `driver-${n}-details`,
    title,
    kind: 'form',
    fields: [
      {
        name: `${prefix}Gender`,
        label: you ? { en: 'What is your gender?', es: '¿Cuál es su género?' } : { en: `The ${ordinal.en} driver's gender`, es: `Género del ${ordinal.es} conductor` },
        kind: 'radio',
        options: choices(GENDERS, GENDER_LABELS),
        required: true,
      },
      {
        name: `${prefix}MaritalStatus`,
        label: you
          ? { en: 'What is your marital status?', es: '¿Cuál es su estado civil?' }
          : { en: `The ${ordinal.en} driver's marital status`, es: `Estado civil del conductor ${n}` },
        kind: 'radio',
        options: choices(ASKED_MARITAL_STATUSES, MARITAL_STATUS_LABELS),
        required: true,
      },
    ],
    ...onlyIf,
  };
  // Credit alone, answered with one tap: beside the SR-22 and military questions its five answers
  // pushed Continue a screen below a 375x667 phone's first screen.
  const credit: StepTemplate = {
    name: `driver-${n}-credit`,
    title,
    kind: 'form',
    fields: [
      {
        name: `${prefix}CreditRating`,
        label: you ? { en: 'How would you rate your credit?', es: '¿Cómo calificaría su crédito?' } : { en: `How would you rate the ${ordinal.en} driver's credit?`, es: `¿Cómo calificaría el crédito del ${ordinal.es} conductor?` },
        kind: 'radio',
        options: choices(CREDIT_RATINGS, CREDIT_RATING_LABELS),
        hint: { en: 'Your best guess is fine.', es: 'Un cálculo aproximado está bien.' },
        required: true,
      },
    ],
    ...onlyIf,
  };
  const record: StepTemplate = {
    name: `driver-${n}-record`,
    title,
    kind: 'form',
    fields: [
      yesNo(
        `${prefix}Sr22`,
        you ? { en: 'Do you need an SR-22 filing?', es: '¿Necesita una declaración SR-22?' } : { en: `Does the ${ordinal.en} driver need an SR-22 filing?`, es: `¿Necesita el ${ordinal.es} conductor una declaración SR-22?` },
        { en: 'Some states require one after certain violations. Most drivers do not.', es: 'Algunos estados lo exigen tras ciertas infracciones. La mayoría no lo necesita.' },
      ),
      yesNo(
        `${prefix}MilitaryAffiliation`,
        you ? { en: 'Have you served in the U.S. military?', es: '¿Ha servido en las fuerzas armadas de EE. UU.?' } : { en: `Has the ${ordinal.en} driver served in the U.S. military?`, es: `¿Ha servido el ${ordinal.es} conductor en las fuerzas armadas de EE. UU.?` },
      ),
    ],
    ...onlyIf,
  };
  return [who, details, credit, record];
}

/** Driver `n`'s screens, then (below the last) "Does anyone else drive?". */
export function driverQuestionSteps(n: DriverNumber): StepTemplate[] {
  if (n === DRIVER_NUMBERS.at(-1)) return driverSteps(n);
  const more =
    n === 1
      ? moreQuestion(
          'hasDriver2',
          DRIVERS_TITLE,
          { en: 'Does anyone else drive your car?', es: '¿Alguien más maneja su auto?' },
          { en: 'A spouse, a child or anyone else in your household who drives it.', es: 'Su cónyuge, un hijo o cualquier otra persona de su hogar que lo maneje.' },
        )
      : moreQuestion(
          `hasDriver${n + 1}`,
          DRIVERS_TITLE,
          { en: `Is there a ${ORDINALS[3].en} driver?`, es: `¿Hay un ${ORDINALS[3].es} conductor?` },
          { en: 'Add them to the same quote.', es: 'Agréguelo a la misma cotización.' },
          `hasDriver${n}`,
        );
  return [...driverSteps(n), more];
}

/** Every vehicle step, 1 to MAX_VEHICLES, each but the last followed by "another vehicle?". */
export const VEHICLE_STEPS: readonly StepTemplate[] = VEHICLE_NUMBERS.flatMap(vehicleQuestionSteps);

/** Every driver step, 1 to MAX_DRIVERS, each driver but the last followed by "anyone else?". */
export const DRIVER_STEPS: readonly StepTemplate[] = DRIVER_NUMBERS.flatMap(driverQuestionSteps);

/** The main driver's home address: a topic of its own, before the contact step that sends the quotes. */
export const ADDRESS_STEP: StepTemplate = {
  name: 'address',
  title: { en: 'Your home address', es: 'Su dirección' },
  kind: 'form',
  fields: [
    {
      name: 'driver1Address',
      label: { en: 'Street address', es: 'Dirección' },
      kind: 'text',
      autoComplete: 'address-line1',
      required: true,
      errorMessage: enterText({ en: 'your street address', es: 'su dirección' }, NAME_MAX),
    },
    {
      name: 'driver1Address2',
      label: { en: 'Apartment, suite or unit (optional)', es: 'Apartamento, oficina o unidad (opcional)' },
      kind: 'text',
      autoComplete: 'address-line2',
      errorMessage: { en: `Use at most ${NAME_MAX} characters, or leave this empty.`, es: `Use como máximo ${NAME_MAX} caracteres, o déjelo vacío.` },
    },
  ],
};

/** Contact details of the main driver, where the quotes go; its button is the one the consent disclosure names. */
export const CONTACT_STEP: StepTemplate = {
  name: 'contact',
  title: { en: 'Where should we send your quotes?', es: '¿A dónde enviamos sus cotizaciones?' },
  kind: 'form',
  fields: [
    { name: 'driver1Email', label: { en: 'Email address', es: 'Correo electrónico' }, kind: 'email', autoComplete: 'email', required: true },
    {
      name: 'driver1Phone',
      label: { en: 'Phone number', es: 'Número de teléfono' },
      kind: 'phone',
      hint: { en: '10 digits, for example (555) 123-4567', es: '10 dígitos, por ejemplo (555) 123-4567' },
      autoComplete: 'tel',
      required: true,
    },
  ],
  submitLabel: { en: 'Get my quotes', es: 'Obtener mis cotizaciones' },
};

/**
 * End screen of the auto funnels. Its own words claim nothing, at any hour: they are what the
 * screen says while no stored lead is known (opened directly, or still sending). Once the lead is
 * stored, or storing it failed, the screen says so instead (src/ui/funnel/end-text.ts `result`: a
 * stored lead's quotes come by phone and email from the companies named in the consent).
 */
export const AUTO_RESULT_STEP: StepTemplate = {
  name: 'result',
  title: { en: 'Compare your quotes with an agent', es: 'Compare cotizaciones con un agente' },
  description: {
    en: '{Helper} can compare prices from the insurers in your area with you. The call is free and there is no obligation.',
    es: '{HelperEs} puede comparar con usted los precios de las aseguradoras de su zona. Llamada gratuita y sin compromiso.',
  },
  kind: 'result',
  fields: [],
  onEnter: CHECK_DEMAND,
};

/** Age range (life and health): prices follow age, and a range is all a quote needs. */
export const AGE_RANGE_STEP: StepTemplate = {
  name: 'age',
  title: { en: 'Your age', es: 'Su edad' },
  description: { en: 'Prices depend on your age.', es: 'Los precios dependen de su edad.' },
  kind: 'form',
  fields: [
    {
      name: 'ageRange',
      label: { en: 'How old are you?', es: '¿Cuántos años tiene?' },
      kind: 'radio',
      options: choices(AGE_RANGES, AGE_RANGE_LABELS),
      required: true,
    },
  ],
};

/** Life coverage amount. */
export const COVERAGE_AMOUNT_STEP: StepTemplate = {
  name: 'coverage',
  title: { en: 'Your coverage', es: 'Su cobertura' },
  kind: 'form',
  fields: [
    {
      name: 'coverageAmount',
      label: { en: 'How much life insurance would you like?', es: '¿Cuánto seguro de vida desea?' },
      kind: 'radio',
      options: choices(COVERAGE_AMOUNTS, COVERAGE_AMOUNT_LABELS),
      hint: {
        en: 'Final expense policies often pay $10,000 to $25,000, enough for funeral costs and final bills.',
        es: 'Las pólizas de gastos finales suelen pagar de $10,000 a $25,000, lo suficiente para el funeral y las últimas cuentas.',
      },
      required: true,
    },
  ],
};

/** Tobacco use: the biggest price factor of a life policy after age. */
export const TOBACCO_STEP: StepTemplate = {
  name: 'tobacco',
  title: { en: 'Tobacco use', es: 'Consumo de tabaco' },
  kind: 'form',
  fields: [
    yesNo(
      'tobaccoUse',
      { en: 'Have you used tobacco or nicotine in the last 12 months?', es: '¿Ha consumido tabaco o nicotina en los últimos 12 meses?' },
      { en: 'Cigarettes, cigars, chewing tobacco and vaping all count.', es: 'Cuentan los cigarrillos, los puros, el tabaco de mascar y el vapeo.' },
    ),
  ],
};

/** Household size (health): Marketplace prices and savings are set per household. */
export const HOUSEHOLD_STEP: StepTemplate = {
  name: 'household',
  title: { en: 'Your household', es: 'Su hogar' },
  kind: 'form',
  fields: [
    {
      name: 'householdSize',
      label: { en: 'How many people are in your household, including you?', es: '¿Cuántas personas viven en su hogar, con usted?' },
      kind: 'radio',
      options: choices(HOUSEHOLD_SIZES, HOUSEHOLD_SIZE_LABELS),
      hint: {
        en: 'Count yourself, your spouse and anyone you claim as a dependent on your taxes.',
        es: 'Usted, su cónyuge y quienes declara como dependientes.',
      },
      required: true,
    },
  ],
};

/** Household income (health); skippable, because savings can be checked on the call too. */
export const HOUSEHOLD_INCOME_STEP: StepTemplate = {
  name: 'income',
  title: { en: 'Your household income', es: 'Los ingresos de su hogar' },
  kind: 'form',
  fields: [
    {
      name: 'householdIncome',
      label: { en: 'About how much does your household earn in a year?', es: '¿Aproximadamente cuánto gana su hogar al año?' },
      kind: 'radio',
      options: choices(HOUSEHOLD_INCOMES, HOUSEHOLD_INCOME_LABELS),
      hint: {
        en: 'Savings on Marketplace plans depend on income. Your best guess is fine.',
        es: 'Los ahorros en los planes del Mercado dependen de los ingresos. Un cálculo aproximado está bien.',
      },
      required: true,
    },
  ],
  skippable: true,
  skipLabel: { en: "I'd rather not say", es: 'Prefiero no decirlo' },
};

/** Current health coverage. */
export const HEALTH_INSURANCE_STEP: StepTemplate = {
  name: 'insured',
  title: { en: 'Your current coverage', es: 'Su cobertura actual' },
  kind: 'form',
  fields: [
    yesNo(
      'haveHealthInsurance',
      { en: 'Do you have health insurance right now?', es: '¿Tiene seguro médico actualmente?' },
      { en: 'Through work, the Marketplace or a plan you bought yourself.', es: 'Por medio de su trabajo, del Mercado o de un plan que compró usted.' },
    ),
  ],
};

/** The visitor's name (life and health), on its own screen before the contact details. */
export const PERSON_NAME_STEP: StepTemplate = {
  name: 'name',
  title: { en: 'Your name', es: 'Su nombre' },
  kind: 'form',
  fields: [
    {
      name: 'firstName',
      label: { en: 'First name', es: 'Nombre' },
      kind: 'text',
      autoComplete: 'given-name',
      required: true,
      errorMessage: enterText({ en: 'your first name', es: 'su nombre' }, NAME_MAX),
    },
    {
      name: 'lastName',
      label: { en: 'Last name', es: 'Apellido' },
      kind: 'text',
      autoComplete: 'family-name',
      required: true,
      errorMessage: enterText({ en: 'your last name', es: 'su apellido' }, NAME_MAX),
    },
  ],
};

/**
 * The visitor's own contact details (life and health), where the quotes go. It asks for a phone
 * and an email, so its submit label is the button the consent disclosure names.
 */
export const PERSON_CONTACT_STEP: StepTemplate = {
  name: 'contact',
  title: { en: 'Where should we send your quotes?', es: '¿A dónde enviamos sus cotizaciones?' },
  kind: 'form',
  fields: [
    { name: 'email', label: { en: 'Email address', es: 'Correo electrónico' }, kind: 'email', autoComplete: 'email', required: true },
    {
      name: 'phone',
      label: { en: 'Phone number', es: 'Número de teléfono' },
      kind: 'phone',
      hint: { en: '10 digits, for example (555) 123-4567', es: '10 dígitos, por ejemplo (555) 123-4567' },
      autoComplete: 'tel',
      required: true,
    },
  ],
  submitLabel: { en: 'Get my quotes', es: 'Obtener mis cotizaciones' },
};

/**
 * End screen of the life funnels: the phone number of whoever helps the brand's callers with life
 * insurance. Its own words promise help now, so they show inside working hours only; once the lead
 * is stored the screen says what was received and who will call from which number, within which
 * hours instead (src/ui/funnel/end-text.ts `received.life`).
 */
export const LIFE_CALL_STEP: StepTemplate = callStep(
  {
    en: 'Good news: {helper} can help you with life insurance now',
    es: 'Buenas noticias: {helperEs} puede ayudarle ahora con su seguro de vida',
  },
  {
    en: 'Compare life insurance policies and prices from several insurers in one free call, with no obligation to buy.',
    es: 'Compare pólizas y precios de varias aseguradoras en una llamada gratuita, sin obligación de compra.',
  },
);

/**
 * End screen of the health funnel: the phone number of whoever helps the brand's callers with health
 * insurance. Its own words promise help now, so they show inside working hours only; once the lead
 * is stored the screen says what was received and who will call from which number, within which
 * hours instead (src/ui/funnel/end-text.ts `received.health`).
 */
export const HEALTH_CALL_STEP: StepTemplate = callStep(
  {
    en: 'Good news: {helper} can help you with health insurance now',
    es: 'Buenas noticias: {helperEs} puede ayudarle ahora con su seguro médico',
  },
  {
    en: 'Compare health plans, doctors, prices and savings in your area in one free call, with no obligation to enroll.',
    es: 'Compare planes de salud, médicos, precios y ahorros en su zona en una llamada gratuita, sin obligación de inscribirse.',
  },
);
