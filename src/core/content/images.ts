import type { Language, PageImage } from '../pages/types.ts';

/**
 * The illustrations under static/images, one per family of themes. All are drawn on the same
 * 640 x 360 canvas so pages reserve the same space before the image loads.
 */
export const IMAGE_ALT = {
  benefits: {
    english: 'A smiling older couple reviewing a checklist of plan benefits together',
    spanish: 'Una pareja de personas mayores sonriente revisa juntos una lista de beneficios del plan',
  },
  otc: {
    english: 'A shopping basket holding vitamins, a pain reliever and bandages next to a benefits card',
    spanish: 'Una canasta de compras con vitaminas, un analgésico y vendas junto a una tarjeta de beneficios',
  },
  grocery: {
    english: 'A grocery bag filled with fresh vegetables, fruit and bread',
    spanish: 'Una bolsa de supermercado llena de verduras frescas, fruta y pan',
  },
  'dental-vision': {
    english: 'A healthy tooth beside a pair of eyeglasses and a hearing aid',
    spanish: 'Un diente sano junto a unos anteojos y un audífono',
  },
  savings: {
    english: 'A piggy bank with a coin and an arrow showing money coming back each month',
    spanish: 'Una alcancía con una moneda y una flecha que muestra dinero que regresa cada mes',
  },
  care: {
    english: 'A heart with a stethoscope and a calendar, representing coordinated care',
    spanish: 'Un corazón con un estetoscopio y un calendario, que representan la atención coordinada',
  },
  auto: {
    english: 'A car beside a shield and three price tags, representing compared insurance quotes',
    spanish: 'Un automóvil junto a un escudo y tres etiquetas de precio, que representan cotizaciones de seguro comparadas',
  },
  life: {
    english: 'An umbrella sheltering a family of three under a clear sky',
    spanish: 'Un paraguas que protege a una familia de tres personas bajo un cielo despejado',
  },
  review: {
    english: 'A magnifying glass over a plan document with a five-star rating scale',
    spanish: 'Una lupa sobre un documento del plan con una escala de cinco estrellas',
  },
  legal: {
    english: 'A document with a padlock, representing terms and privacy',
    spanish: 'Un documento con un candado, que representa los términos y la privacidad',
  },
  playground: {
    english: 'Colour swatches, a button and sample letters on a design board',
    spanish: 'Muestras de color, un botón y letras de ejemplo en un tablero de diseño',
  },
} as const satisfies Record<string, Record<Language, string>>;

/** One illustration's name; its file is static/images/{name}.svg. */
export type ImageName = keyof typeof IMAGE_ALT;

/** Width and height of every illustration, in CSS pixels. */
export const IMAGE_SIZE = { width: 640, height: 360 } as const;

/** The page image of an illustration in a language. */
export function pageImage(name: ImageName, language: Language): PageImage {
  return { src: `/static/images/${name}.svg`, alt: IMAGE_ALT[name][language], ...IMAGE_SIZE };
}
