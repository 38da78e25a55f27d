/**
 * The sandbox's ad list (spec §3 "Ad list response"): realistic carrier ads of each product line,
 * bids following the ZIP rule, links pointing back at the sandbox (click, impression, images).
 */
import type { LeadLanguage } from '../../../core/leads/localized.ts';
import type { ProductLine } from '../../../core/marketplace/product-line.ts';
import type { AdListResponse, ListedAd } from '../../../core/marketplace/responses.ts';

/** One carrier's ad copy. */
interface CarrierAd {
  carrier: string;
  /** Used in ad ids and image names. */
  slug: string;
  headline: string;
  description: string;
  /** The same ad's words for a Spanish page (the advertiser's Spanish creative). */
  es: { headline: string; description: string };
  display_url: string;
  /** Where a click lands. */
  landing: string;
  /** The call-in number, in the 555-01NN fiction range. */
  phone: string;
}

/** The ads per product line, best first. */
export const SANDBOX_CARRIER_ADS: Readonly<Record<ProductLine, readonly CarrierAd[]>> = {
  medicare: [
    {
      carrier: 'Humana',
      slug: 'humana',
      headline: 'Humana Medicare Advantage Plans',
      description: '$0 premium plans in many areas, with dental, vision and an over-the-counter allowance.',
      es: { headline: 'Planes Medicare Advantage de Humana', description: 'Planes con prima de $0 en muchas zonas, con dental, visión y una asignación para artículos de venta libre.' },
      display_url: 'humana.com/medicare',
      landing: 'https://www.humana.com/medicare',
      phone: '8005550111',
    },
    {
      carrier: 'Aetna Medicare',
      slug: 'aetna',
      headline: 'Aetna Medicare Advantage: Compare 2025 Plans',
      description: 'Plans with prescription coverage, SilverSneakers fitness and a grocery benefit for some members.',
      es: { headline: 'Aetna Medicare Advantage: compare los planes de 2025', description: 'Planes con cobertura de recetas, ejercicio SilverSneakers y un beneficio para comestibles para algunos miembros.' },
      display_url: 'aetnamedicare.com',
      landing: 'https://www.aetnamedicare.com',
      phone: '8005550112',
    },
    {
      carrier: 'UnitedHealthcare',
      slug: 'uhc',
      headline: 'AARP Medicare Plans from UnitedHealthcare',
      description: 'See plans in your ZIP code: hearing aids, dental coverage and $0 copays on many generics.',
      es: { headline: 'Planes Medicare de AARP de UnitedHealthcare', description: 'Vea los planes de su código postal: audífonos, cobertura dental y copagos de $0 en muchos genéricos.' },
      display_url: 'uhc.com/medicare',
      landing: 'https://www.uhc.com/medicare',
      phone: '8005550113',
    },
    {
      carrier: 'Wellcare',
      slug: 'wellcare',
      headline: 'Wellcare Medicare Plans With Extra Benefits',
      description: 'Dual-eligible (D-SNP) plans with a flexible allowance card for groceries and utilities.',
      es: { headline: 'Planes Medicare de Wellcare con beneficios adicionales', description: 'Planes para personas con Medicare y Medicaid (D-SNP) con una tarjeta flexible para comestibles y servicios públicos.' },
      display_url: 'wellcare.com',
      landing: 'https://www.wellcare.com',
      phone: '8005550114',
    },
    {
      carrier: 'Cigna Healthcare',
      slug: 'cigna',
      headline: 'Cigna Medicare Advantage: Talk to a Licensed Agent',
      description: 'Plans with a Part B giveback in select counties and nationwide pharmacy savings.',
      es: { headline: 'Cigna Medicare Advantage: hable con un agente autorizado', description: 'Planes con devolución de la Parte B en algunos condados y ahorros en farmacias de todo el país.' },
      display_url: 'cigna.com/medicare',
      landing: 'https://www.cigna.com/medicare',
      phone: '8005550115',
    },
  ],
  auto: [
    {
      carrier: 'Progressive',
      slug: 'progressive',
      headline: 'Progressive Car Insurance: Get a Quote in Minutes',
      description: 'Drivers who switch save hundreds on average. Bundle home and auto for more.',
      es: { headline: 'Seguro de auto Progressive: cotice en minutos', description: 'Los conductores que se cambian ahorran cientos en promedio. Combine hogar y auto para ahorrar más.' },
      display_url: 'progressive.com',
      landing: 'https://www.progressive.com/auto',
      phone: '8005550121',
    },
    {
      carrier: 'GEICO',
      slug: 'geico',
      headline: 'GEICO Auto Insurance Quote',
      description: '15 minutes could save you 15% or more on car insurance.',
      es: { headline: 'Cotización de seguro de auto GEICO', description: '15 minutos podrían ahorrarle un 15 % o más en su seguro de auto.' },
      display_url: 'geico.com',
      landing: 'https://www.geico.com/auto-insurance',
      phone: '8005550122',
    },
    {
      carrier: 'State Farm',
      slug: 'statefarm',
      headline: 'State Farm Car Insurance: Like a Good Neighbor',
      description: 'Personal service from a local agent, with Drive Safe & Save discounts.',
      es: { headline: 'Seguro de auto State Farm: como un buen vecino', description: 'Atención personal de un agente local, con descuentos Drive Safe & Save.' },
      display_url: 'statefarm.com',
      landing: 'https://www.statefarm.com/insurance/auto',
      phone: '8005550123',
    },
    {
      carrier: 'Allstate',
      slug: 'allstate',
      headline: 'Allstate Auto Insurance: Are You in Good Hands?',
      description: 'Safe-driving bonuses and accident forgiveness. Compare your rate today.',
      es: { headline: 'Seguro de auto Allstate: ¿está en buenas manos?', description: 'Bonos por conducir con cuidado y perdón de accidentes. Compare su tarifa hoy.' },
      display_url: 'allstate.com',
      landing: 'https://www.allstate.com/auto-insurance',
      phone: '8005550124',
    },
    {
      carrier: 'Liberty Mutual',
      slug: 'libertymutual',
      headline: 'Liberty Mutual: Only Pay for What You Need',
      description: 'Customize your car insurance and save when you bundle.',
      es: { headline: 'Liberty Mutual: pague solo por lo que necesita', description: 'Personalice su seguro de auto y ahorre al combinar pólizas.' },
      display_url: 'libertymutual.com',
      landing: 'https://www.libertymutual.com/auto',
      phone: '8005550125',
    },
  ],
  // Life insurers: term, whole life and final expense, never a Medicare plan.
  life: [
    {
      carrier: 'Mutual of Omaha',
      slug: 'mutualofomaha',
      headline: 'Mutual of Omaha Life Insurance Quotes',
      description: 'Term and whole life coverage with no medical exam on many policies. Rates locked for the term.',
      es: { headline: 'Cotizaciones de seguro de vida de Mutual of Omaha', description: 'Cobertura a término y de vida entera sin examen médico en muchas pólizas. Tarifas fijas durante el plazo.' },
      display_url: 'mutualofomaha.com/life',
      landing: 'https://www.mutualofomaha.com/life-insurance',
      phone: '8005550131',
    },
    {
      carrier: 'Globe Life',
      slug: 'globelife',
      headline: 'Globe Life: $1 Buys Your First Month',
      description: 'Life insurance for you and your family, with no waiting period on many plans.',
      es: { headline: 'Globe Life: $1 paga su primer mes', description: 'Seguro de vida para usted y su familia, sin período de espera en muchos planes.' },
      display_url: 'globelifeinsurance.com',
      landing: 'https://www.globelifeinsurance.com',
      phone: '8005550132',
    },
    {
      carrier: 'Ethos',
      slug: 'ethos',
      headline: 'Ethos Term Life: Apply Online in Minutes',
      description: 'Coverage from $20,000 to $2 million, with an instant decision for most applicants.',
      es: { headline: 'Seguro de vida a término Ethos: solicítelo en línea en minutos', description: 'Cobertura de $20,000 a $2 millones, con una decisión inmediata para la mayoría de los solicitantes.' },
      display_url: 'ethos.com',
      landing: 'https://www.ethos.com',
      phone: '8005550133',
    },
    {
      carrier: 'Transamerica',
      slug: 'transamerica',
      headline: 'Transamerica Final Expense Whole Life',
      description: 'Help cover funeral costs and final bills. Premiums that never go up.',
      es: { headline: 'Seguro de vida entera para gastos finales de Transamerica', description: 'Ayuda a cubrir los gastos funerarios y las últimas cuentas. Primas que nunca suben.' },
      display_url: 'transamerica.com/life',
      landing: 'https://www.transamerica.com/life-insurance',
      phone: '8005550134',
    },
    {
      carrier: 'Lincoln Financial',
      slug: 'lincoln',
      headline: 'Lincoln Financial Term Life Insurance',
      description: 'Affordable term coverage to protect your family, with flexible lengths of 10 to 30 years.',
      es: { headline: 'Seguro de vida a término de Lincoln Financial', description: 'Cobertura a término asequible para proteger a su familia, con plazos flexibles de 10 a 30 años.' },
      display_url: 'lincolnfinancial.com',
      landing: 'https://www.lincolnfinancial.com/life-insurance',
      phone: '8005550135',
    },
  ],
  // Individual and family health plans (the ACA marketplace), never a Medicare plan.
  health: [
    {
      carrier: 'Ambetter Health',
      slug: 'ambetter',
      headline: 'Ambetter Health Marketplace Plans',
      description: 'Affordable individual and family plans; most members qualify for a tax credit.',
      es: { headline: 'Planes del Mercado de Ambetter Health', description: 'Planes individuales y familiares asequibles; la mayoría de los miembros califica para un crédito tributario.' },
      display_url: 'ambetterhealth.com',
      landing: 'https://www.ambetterhealth.com',
      phone: '8005550141',
    },
    {
      carrier: 'Oscar Health',
      slug: 'oscar',
      headline: 'Oscar Health Insurance: $0 Virtual Care',
      description: 'Individual and family plans with $0 virtual urgent care and low-cost prescriptions.',
      es: { headline: 'Seguro médico Oscar: atención virtual por $0', description: 'Planes individuales y familiares con atención urgente virtual por $0 y recetas de bajo costo.' },
      display_url: 'hioscar.com',
      landing: 'https://www.hioscar.com',
      phone: '8005550142',
    },
    {
      carrier: 'Blue Cross Blue Shield',
      slug: 'bcbs',
      headline: 'Blue Cross Blue Shield Individual Health Plans',
      description: 'Doctors and hospitals nationwide. See plans and prices in your ZIP code.',
      es: { headline: 'Planes médicos individuales de Blue Cross Blue Shield', description: 'Médicos y hospitales en todo el país. Vea planes y precios en su código postal.' },
      display_url: 'bcbs.com',
      landing: 'https://www.bcbs.com/individuals-and-families',
      phone: '8005550143',
    },
    {
      carrier: 'Molina Healthcare',
      slug: 'molina',
      headline: 'Molina Marketplace Health Plans',
      description: 'Low monthly premiums with preventive care and checkups at no cost to you.',
      es: { headline: 'Planes médicos del Mercado de Molina', description: 'Primas mensuales bajas con atención preventiva y chequeos sin costo para usted.' },
      display_url: 'molinamarketplace.com',
      landing: 'https://www.molinamarketplace.com',
      phone: '8005550144',
    },
    {
      carrier: 'UnitedHealthcare',
      slug: 'uhcindividual',
      headline: 'UnitedHealthcare Individual & Family Plans',
      description: 'ACA plans with $0 primary care visits and virtual visits in many areas.',
      es: { headline: 'Planes individuales y familiares de UnitedHealthcare', description: 'Planes de la ACA con visitas de atención primaria por $0 y visitas virtuales en muchas zonas.' },
      display_url: 'uhc.com/individual',
      landing: 'https://www.uhc.com/individual-and-family',
      phone: '8005550145',
    },
  ],
};

/** Each ad's bid as a share of the top bid, so the list is ordered as a real auction would be. */
const BID_SHARES = [1, 0.85, 0.7, 0.6, 0.5] as const;

/** Image sizes an ad carries, as served by the sandbox under /images/{slug}-{size}.svg. */
export const SANDBOX_IMAGE_SIZES = { small: [120, 60], medium: [240, 120], large: [480, 240] } as const;

/** What an ad list depends on. */
export interface AdListInput {
  /** The sandbox's base URL; every link points back at it. */
  baseUrl: string;
  product: ProductLine;
  /** The page's language: a Spanish page gets each ad's Spanish words. */
  language: LeadLanguage;
  /** The top bid (the ZIP's bid plus any test offset). */
  topBid: number;
  /** How many ads, at most the catalogue's five. */
  count: number;
  /** Deterministic per request, see the sandbox's request ids. */
  requestId: string;
  /** What the sandbox reports as its processing time, in seconds. */
  time: number;
}

/** The ad list response for a product line, in the page's language. */
export function sandboxAdList(input: AdListInput): AdListResponse {
  const ads: ListedAd[] = SANDBOX_CARRIER_ADS[input.product].slice(0, input.count).map((ad, position) => {
    const adId = sandboxAdId(ad);
    const image = (size: keyof typeof SANDBOX_IMAGE_SIZES) => `${input.baseUrl}/images/${ad.slug}-${size}.svg`;
    return {
      carrier: ad.carrier,
      bid: Math.round(input.topBid * (BID_SHARES[position] ?? 0.5) * 100) / 100,
      headline: input.language === 'es' ? ad.es.headline : ad.headline,
      description: input.language === 'es' ? ad.es.description : ad.description,
      display_url: ad.display_url,
      small_image_url: image('small'),
      impression_html: `<img src="${input.baseUrl}/impression/${adId}" width="1" height="1" alt="">`,
      ad_id: adId,
      click_url: `${input.baseUrl}/click/${adId}`,
      call_url: `tel:+1${ad.phone}`,
      medium_image_url: image('medium'),
      large_image_url: image('large'),
    };
  });
  return { ads, num_ads: ads.length, request_id: input.requestId, time: input.time };
}

const ALL_ADS = Object.values(SANDBOX_CARRIER_ADS).flat();

function sandboxAdId(ad: CarrierAd): string {
  return `sbx-${ad.slug}`;
}

/** Where an ad id's click lands, or undefined for an id the sandbox never handed out. */
export function sandboxAdLanding(adId: string): string | undefined {
  return ALL_ADS.find((ad) => sandboxAdId(ad) === adId)?.landing;
}

/** A logo placeholder for `slug` at `size`: the carrier's name on a plain tile, or undefined if unknown. */
export function sandboxAdImage(slug: string, size: keyof typeof SANDBOX_IMAGE_SIZES): string | undefined {
  const ad = ALL_ADS.find((entry) => entry.slug === slug);
  if (!ad) return undefined;
  const [width, height] = SANDBOX_IMAGE_SIZES[size];
  const name = ad.carrier.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="#eef2f7"/>` +
    `<text x="50%" y="50%" dominant-baseline="middle" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(height / 4)}" fill="#1f2a44">${name}</text></svg>`
  );
}
