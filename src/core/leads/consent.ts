/**
 * The TCPA consent disclosure shown right above the submit button of every funnel step that
 * collects a phone number or an email address.
 *
 * The disclosure is built from data (brand owner and name, language, the button's label), so
 * the browser renders it and the server rebuilds the very same words when a lead arrives: the
 * text a lead was captured under can be checked, and its version (sha256 of the text, computed
 * by the server) identifies it for ever after.
 */
import { consentHelpers } from '../content/who-helps.ts';
import { href } from '../router/route-patterns.ts';
import type { LeadLanguage } from './localized.ts';

/** The pages a disclosure links to (routes.ts serves both on every brand). */
export const CONSENT_LINKS = { terms: href('tos'), privacy: href('privacy') };

/** One piece of the disclosure: plain words, or a link to the terms or the privacy page. */
export type ConsentSegment = { text: string } | { text: string; link: keyof typeof CONSENT_LINKS };

/** The brand facts a disclosure names. */
export interface ConsentBrand {
  /** Legal entity that owns the site (Brand.owner). */
  owner: string;
  /** The site's name (Brand.name). */
  name: string;
  /** Brand.isAgency: only an agency has licensed agents of its own to name (content/who-helps.ts). */
  isAgency: boolean;
}

/**
 * The marketing partners the disclosure names. A consent that names no partner does not cover
 * calls from one, so the list is explicit; it changes with the business, and each change makes
 * a new disclosure version.
 */
export const MARKETING_PARTNERS: Readonly<Record<LeadLanguage, string>> = {
  en: 'MediaAlpha, Inc. and the insurance companies and agencies it works with',
  es: 'MediaAlpha, Inc. y las compañías y agencias de seguros con las que trabaja',
};

/** True when a step with these field kinds needs the disclosure: it asks for a phone number or an email. */
export function stepNeedsConsent(fieldKinds: readonly string[]): boolean {
  return fieldKinds.some((kind) => kind === 'phone' || kind === 'email');
}

/**
 * The disclosure for a brand, in `language`, naming the button the visitor presses. Every
 * element the compliance rules require is in it: the legal owner, that licensed agents and
 * named partners may call or text with automated technology, that consent is not a condition
 * of purchase, how to opt out, and links to the terms and privacy pages.
 */
export function consentDisclosure(brand: ConsentBrand, language: LeadLanguage, buttonLabel: string): ConsentSegment[] {
  if (language === 'es') {
    return [
      { text: `Al hacer clic en "${buttonLabel}", acepto los ` },
      { text: 'Términos de uso', link: 'terms' },
      { text: ' y la ' },
      { text: 'Política de privacidad', link: 'privacy' },
      {
        text:
          ` y doy mi consentimiento expreso por escrito para que ${brand.owner} (operador de ${brand.name}), ${consentHelpers(brand, 'es')} ` +
          `y sus socios de mercadeo, ${MARKETING_PARTNERS.es}, me llamen y me envíen mensajes de texto sobre seguros al número de teléfono y ` +
          'al correo electrónico que proporcioné, incluso mediante tecnología de marcado automático, voces artificiales o pregrabadas y mensajes ' +
          'de texto automatizados. Pueden aplicarse tarifas de mensajes y datos. Mi consentimiento no es una condición de compra. Puedo retirarlo ' +
          'en cualquier momento respondiendo STOP a un mensaje de texto o pidiéndolo durante una llamada.',
      },
    ];
  }
  return [
    { text: `By clicking "${buttonLabel}", I agree to the ` },
    { text: 'Terms of Use', link: 'terms' },
    { text: ' and ' },
    { text: 'Privacy Policy', link: 'privacy' },
    {
      text:
        ` and give my express written consent for ${brand.owner} (operator of ${brand.name}), ${consentHelpers(brand, 'en')}, and its marketing ` +
        `partners, ${MARKETING_PARTNERS.en}, to call and text me about insurance at the phone number and email address I provided, including ` +
        'with automatic telephone dialing technology, artificial or prerecorded voices, and automated text messages. Message and data rates may ' +
        'apply. My consent is not a condition of purchase. I can opt out at any time by replying STOP to a text message or by asking on a call.',
    },
  ];
}

/** The disclosure's exact words as a visitor reads them (link texts included): what a lead's proof keeps. */
export function consentText(segments: readonly ConsentSegment[]): string {
  return segments.map((segment) => segment.text).join('');
}
