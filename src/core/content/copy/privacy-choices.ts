/**
 * The "Do not sell or share my personal information" page of every site brand, in
 * English and Spanish: what selling and sharing mean on these sites in plain words (quote
 * requests passed to insurance partners, who may pay; Google's advertising and analytics tags),
 * what opting out changes and what it does not, and how the choice is kept. Also the page's paths
 * (the footer links to them, routes.ts serves them, the opt-out endpoint sends a form post back
 * to them) and the words of its choice box. Brand facts ({brandName}, {website}) are filled in at
 * render time.
 */
import type { Language } from '../../pages/types.ts';
import { href } from '../../router/route-patterns.ts';
import { WORKING_HOURS_TIME_ZONE } from '../../working-hours.ts';
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';

export { PRIVACY_CHOICES_PATHS } from './privacy-choices-paths.ts';

/** The privacy policy (the route `privacy`, `/privacy/{step?}`), which the footer and this page link to. */
export const PRIVACY_POLICY_PATH = href('privacy');

/** The words around the page's one button, per language. */
export interface PrivacyChoicesText {
  /** Heading of the choice box. */
  heading: string;
  /** Before the visitor has opted out. */
  notYet: string;
  /** The one button. */
  button: string;
  /** While the choice is being saved (JavaScript). */
  saving: string;
  /** The recorded choice, with its date written out. */
  optedOutOn: (date: string) => string;
  /** What the recorded choice means, right after it. */
  optedOutMeans: string;
  /** The browser sends GPC but no choice is recorded yet: already honoured, and it can be recorded too. */
  gpcOnly: string;
  /** The browser sends GPC as well as the recorded choice. */
  gpcAlso: string;
  /** The link to the privacy policy. */
  privacyPolicy: string;
}

/** {@link PrivacyChoicesText} per language. */
export const PRIVACY_CHOICES_TEXT: Record<Language, PrivacyChoicesText> = {
  english: {
    heading: 'Your choice',
    notYet: 'You have not opted out in this browser yet.',
    button: 'Do not sell or share my information',
    saving: 'Saving your choice…',
    optedOutOn: (date) => `You opted out on ${date}.`,
    optedOutMeans: 'We do not sell or share your personal information from this browser, and our pages here no longer load advertising or analytics tags.',
    gpcOnly:
      'Your browser sends the Global Privacy Control signal, so we already treat you as opted out on every page. You can also save your choice with the button, so it still counts if the signal stops.',
    gpcAlso: 'Your browser also sends the Global Privacy Control signal, which we honor too.',
    privacyPolicy: 'Read our privacy policy',
  },
  spanish: {
    heading: 'Su elección',
    notYet: 'Todavía no ha hecho esta elección en este navegador.',
    button: 'No vender ni compartir mi información',
    saving: 'Guardando su elección…',
    optedOutOn: (date) => `Usted pidió no vender ni compartir su información el ${date}.`,
    optedOutMeans: 'No vendemos ni compartimos su información personal desde este navegador, y nuestras páginas ya no cargan etiquetas de publicidad ni de análisis aquí.',
    gpcOnly:
      'Su navegador envía la señal Global Privacy Control, así que ya lo tratamos como si hubiera hecho esta elección en todas las páginas. También puede guardar su elección con el botón, para que siga valiendo si la señal deja de enviarse.',
    gpcAlso: 'Su navegador también envía la señal Global Privacy Control, que también respetamos.',
    privacyPolicy: 'Lea nuestra política de privacidad (en inglés)',
  },
};

/** BCP 47 locales the date of a choice is written in. */
const DATE_LOCALES: Record<Language, string> = { english: 'en-US', spanish: 'es-US' };

/**
 * The date of a recorded choice as a visitor reads it ('November 25, 2026', '25 de noviembre de
 * 2026'), in Pacific time like the site's working hours: the server and the browser must write the
 * same text (hydration), so it cannot be the visitor's own time zone.
 */
export function choiceDate(iso: string, language: Language): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[language], { dateStyle: 'long', timeZone: WORKING_HOURS_TIME_ZONE }).format(new Date(iso));
}

/** The opt-out page's theme. */
export const PRIVACY_CHOICES_THEMES: Record<Extract<Theme, 'privacy-choices'>, ThemeContent> = {
  'privacy-choices': {
    benefits: [],
    planTypes: [],
    image: 'legal',
    copy: {
      english: {
        title: 'Your privacy choices',
        description: 'Opt out of the sale and sharing of your personal information on this website with one tap, and see what that changes.',
        headline: 'Do not sell or share my personal information',
        subheadline: 'One tap. You do not need to give us your name or email.',
        body: [
          'When you ask for quotes on {website}, we pass what you tell us, such as your name, phone number and ZIP code, to licensed insurance agencies, insurance companies and marketing partners, who may pay us for it. Some state laws call that “selling” your information.',
          'Our pages also load advertising and analytics tags from Google (Google Tag Manager and Google Analytics). They tell Google which of our pages you visit, so that ads can be measured and aimed. The law calls that “sharing” your information.',
          'You can tell {brandName} to stop both. It is free, and it does not change how the website works for you.',
        ],
        sections: [
          {
            id: 'what-changes',
            heading: 'What changes when you opt out',
            paragraphs: [],
            items: [
              'Our pages stop loading the Google advertising and analytics tags in this browser, from the next page you open.',
              'If you ask us for quotes later, your request is saved with your choice.',
            ],
          },
          {
            id: 'what-stays',
            heading: 'What stays the same',
            paragraphs: [],
            items: [
              'You can still read every page, call us and ask for quotes.',
              'When you ask for quotes, we still pass your answers to the insurance partners who prepare them, because you asked us to.',
              'We still count visits on our own servers to keep the website working. Those records stay with us.',
            ],
          },
          {
            id: 'how-we-keep-it',
            heading: 'How we keep your choice',
            paragraphs: [
              'We save your choice on our server with the date and a random number for this browser. We do not save your name, your address or your IP address with it. A small cookie tells our pages about your choice.',
              'Your choice covers {website} in this browser. If you clear your cookies, or use another browser, phone or computer, please make your choice there too.',
            ],
          },
          {
            id: 'global-privacy-control',
            heading: 'Global Privacy Control',
            paragraphs: [
              'Some browsers can send a signal called Global Privacy Control to every website. If yours does, we treat it as this same choice on every page, without you having to tap anything.',
            ],
          },
        ],
      },
      spanish: {
        title: 'Sus opciones de privacidad',
        description: 'Pida con un toque que no vendamos ni compartamos su información personal en este sitio web, y vea qué cambia.',
        headline: 'No vender ni compartir mi información personal',
        subheadline: 'Un solo toque, sin darnos su nombre ni su correo electrónico.',
        body: [
          'Cuando pide cotizaciones en {website}, enviamos lo que nos dice, como su nombre, su número de teléfono y su código postal, a agencias de seguros autorizadas, compañías de seguros y socios de mercadeo, que pueden pagarnos por ello. Algunas leyes estatales llaman a eso “vender” su información.',
          'Nuestras páginas también cargan etiquetas de publicidad y de análisis de Google (Google Tag Manager y Google Analytics). Le dicen a Google qué páginas nuestras visita, para medir y dirigir anuncios. La ley llama a eso “compartir” su información.',
          'Puede pedirle a {brandName} que deje de hacer ambas cosas. Es gratis y no cambia cómo funciona el sitio web para usted.',
        ],
        sections: [
          {
            id: 'what-changes',
            heading: 'Qué cambia cuando hace su elección',
            paragraphs: [],
            items: [
              'Nuestras páginas dejan de cargar las etiquetas de publicidad y de análisis de Google en este navegador, a partir de la próxima página que abra.',
              'Si más adelante nos pide cotizaciones, su solicitud se guarda con su elección.',
            ],
          },
          {
            id: 'what-stays',
            heading: 'Qué sigue igual',
            paragraphs: [],
            items: [
              'Puede seguir leyendo todas las páginas, llamarnos y pedir cotizaciones.',
              'Cuando pide cotizaciones, seguimos enviando sus respuestas a los socios de seguros que las preparan, porque usted nos lo pidió.',
              'Seguimos contando las visitas en nuestros propios servidores para que el sitio web funcione. Esos registros se quedan con nosotros.',
            ],
          },
          {
            id: 'how-we-keep-it',
            heading: 'Cómo guardamos su elección',
            paragraphs: [
              'Guardamos su elección en nuestro servidor con la fecha y un número al azar para este navegador. No guardamos con ella su nombre, su dirección ni su dirección IP. Una pequeña cookie les indica a nuestras páginas su elección.',
              'Su elección vale para {website} en este navegador. Si borra sus cookies, o usa otro navegador, teléfono o computadora, haga su elección allí también.',
            ],
          },
          {
            id: 'global-privacy-control',
            heading: 'Global Privacy Control',
            paragraphs: [
              'Algunos navegadores pueden enviar a todos los sitios web una señal llamada Global Privacy Control. Si el suyo la envía, la tratamos como esta misma elección en todas las páginas, sin que tenga que tocar nada.',
            ],
          },
        ],
      },
    },
  },
};
