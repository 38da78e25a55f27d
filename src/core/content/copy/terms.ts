/**
 * The terms of service of every site brand: a lead-generation site's terms, with the TCPA
 * consent to calls and texts, how to withdraw it, and the arbitration agreement. Brand facts
 * ({brandName}, {owner}, ...) are filled in at render time.
 */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';
import { LEGAL_LAST_UPDATED } from './legal-dates.ts';

/** The terms-of-service theme. */
export const TERMS_THEMES: Record<Extract<Theme, 'tos'>, ThemeContent> = {
  tos: {
    benefits: [],
    planTypes: [],
    image: 'legal',
    copy: {
      english: {
        title: 'Terms of service',
        description:
          'The terms for using this website: what our service does, your consent to calls and texts and how to withdraw it, and how disputes are resolved.',
        headline: 'Terms of service',
        subheadline: `Last updated: ${LEGAL_LAST_UPDATED}`,
        body: [
          'These Terms of Service govern your use of {website} and any related pages, forms, calls and text messages (together, the “Service”) operated by {owner} (“{brandName}”, “we” or “us”). Please read them carefully, especially the consent to be contacted and the arbitration agreement, which affect your rights.',
          'By using the Service or submitting your information, you agree to these Terms and to our Privacy Policy. If you do not agree, please do not use the Service.',
          'Each section below has its own link, so you can return to it or share it.',
        ],
        sections: [
          {
            id: 'our-service',
            heading: 'What we do',
            paragraphs: [
              '{brandName} is an insurance marketing and referral service. We publish general information about insurance products, such as Medicare Advantage plans, auto, life or health insurance, and connect people who ask for help with licensed insurance agencies and insurance companies (our “Partners”).',
              'We are not an insurance company. We do not issue policies, set prices or decide who is eligible for coverage. Any quote, plan or policy is offered by an insurer or a licensed insurance agency, under its own terms.',
              'Using the Service is free. We may be paid by our Partners when we refer you to them or when you buy a policy; this does not change the price you pay.',
            ],
          },
          {
            id: 'not-government',
            heading: 'Not a government website',
            paragraphs: [
              'The Service is not affiliated with, endorsed by or connected to the U.S. government, the Centers for Medicare & Medicaid Services, the federal Medicare program, the Social Security Administration or any state agency.',
              'For information about all of your Medicare options, contact Medicare.gov or 1-800-MEDICARE (TTY 1-877-486-2048), 24 hours a day, 7 days a week, or your State Health Insurance Assistance Program (SHIP).',
            ],
          },
          {
            id: 'eligibility',
            heading: 'Who may use the Service',
            paragraphs: [
              'You must be at least 18 years old and live in the United States to use the Service. You agree to give information that is true, current and your own, and to provide only a phone number and email address that you own or are authorized to use.',
            ],
          },
          {
            id: 'consent',
            heading: 'Consent to be contacted',
            paragraphs: [
              'When you submit a form or press a button that refers to these Terms, you give your prior express written consent for {brandName}, {owner}, and the Partners named or described when you consent, including agents acting on their behalf, to contact you about insurance products at the phone number and email address you provided.',
              'These contacts may include calls and text messages (SMS and MMS) made with an automatic telephone dialing system or other automated technology, and artificial or prerecorded voice messages, even if your number is on a federal, state or company Do Not Call list.',
              'Your consent is not a condition of buying any product or service. You can instead call us at {phone} to speak with {helper}.',
              'Calls may be recorded and monitored for quality, training and compliance. Calls about Medicare plans are recorded and kept as Medicare marketing rules require.',
            ],
          },
          {
            id: 'text-messages',
            heading: 'Text messages',
            paragraphs: [
              'If you agree to receive text messages, message frequency varies and message and data rates may apply. Reply STOP to any message to stop receiving texts, or HELP for help. Mobile carriers are not liable for delayed or undelivered messages.',
            ],
          },
          {
            id: 'withdraw-consent',
            heading: 'Withdrawing your consent',
            paragraphs: [
              'You may withdraw your consent at any time by any reasonable means: reply STOP to a text, tell the person who calls you, call us at {phone}, or write to us at the address below. We will honor your request within the time the law allows and pass it on to the Partners we shared your information with.',
              'A Partner you have already spoken with may also ask you to confirm your request directly with them.',
            ],
          },
          {
            id: 'your-information',
            heading: 'Your information',
            paragraphs: [
              'Our Privacy Policy explains how we collect, use and share information, and is part of these Terms. By submitting a form, you agree that we may share your information with Partners so that they can contact you and provide quotes.',
            ],
          },
          {
            id: 'information-only',
            heading: 'Information only, not advice',
            paragraphs: [
              'Content on the Service is general information. It is not legal, tax, financial or medical advice, and it is not an offer of any specific plan. Plan benefits, premiums, allowances and availability vary by plan and location and change every year.',
              'Examples, amounts and savings mentioned on the Service are illustrations, not promises. Before you enroll in any plan, review its official documents, such as the Summary of Benefits and the Evidence of Coverage.',
            ],
          },
          {
            id: 'acceptable-use',
            heading: 'Acceptable use',
            paragraphs: ['You agree not to:'],
            items: [
              'submit information about another person without their permission',
              'submit false or misleading information',
              'use bots, scrapers or other automated means to access the Service or fill in its forms',
              'interfere with the security or operation of the Service',
              'use the Service for any unlawful purpose',
            ],
          },
          {
            id: 'intellectual-property',
            heading: 'Intellectual property',
            paragraphs: [
              'The Service and its content, including text, graphics, logos and software, are owned by {owner} or its licensors and protected by law. You may view and print pages for your personal, non-commercial use. Insurance company names and logos belong to their owners and are used only to identify them.',
            ],
          },
          {
            id: 'third-parties',
            heading: 'Third-party sites and Partners',
            paragraphs: [
              'The Service may link to, or connect you with, websites, agents and insurers that we do not control. We are not responsible for their content, products, practices or privacy policies; your dealings with them are between you and them.',
            ],
          },
          {
            id: 'disclaimers',
            heading: 'Disclaimers',
            paragraphs: [
              'The Service is provided “as is” and “as available”, without warranties of any kind, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We do not guarantee that you will be contacted, receive a quote, qualify for any plan or save money.',
            ],
          },
          {
            id: 'liability',
            heading: 'Limitation of liability',
            paragraphs: [
              'To the fullest extent the law allows, {owner} and its officers, employees and Partners are not liable for any indirect, incidental, special, consequential or punitive damages arising from your use of the Service, and our total liability for any claim relating to the Service is limited to one hundred U.S. dollars ($100). Some states do not allow these limits, so they may not apply to you.',
            ],
          },
          {
            id: 'indemnification',
            heading: 'Indemnification',
            paragraphs: [
              'You agree to defend and hold harmless {owner} and its Partners from claims arising from your misuse of the Service or your breach of these Terms, including information you submit about someone else.',
            ],
          },
          {
            id: 'arbitration',
            heading: 'Dispute resolution and arbitration',
            paragraphs: [
              'Please read this section carefully. Except for claims that qualify for small claims court, you and {owner} agree to resolve any dispute relating to the Service or these Terms by final and binding arbitration on an individual basis, administered by the American Arbitration Association under its Consumer Arbitration Rules. You and we each give up the right to a jury trial and to take part in a class action.',
              'Before starting arbitration, you agree to send us a written description of the dispute and to try to resolve it informally for 30 days. You may opt out of this arbitration agreement by writing to us within 30 days after you first accept these Terms.',
            ],
          },
          {
            id: 'governing-law',
            heading: 'Governing law',
            paragraphs: [
              'These Terms are governed by the Federal Arbitration Act and otherwise by the laws of the State of {stateName}, without regard to its conflict of law rules.',
            ],
          },
          {
            id: 'changes',
            heading: 'Changes to these Terms',
            paragraphs: [
              'We may update these Terms from time to time; the date at the top shows when they last changed. Changes apply from the time they are posted, but not to a dispute we already know about, and any consent you gave stays subject to the version in effect when you gave it.',
            ],
          },
          {
            id: 'contact',
            heading: 'Contact us',
            paragraphs: ['Questions about these Terms, or a request to withdraw consent, can be sent to:'],
            items: ['{owner}, {address}', 'Phone: {phone}', 'Email: {privacyEmail}'],
          },
        ],
      },
    },
  },
};
