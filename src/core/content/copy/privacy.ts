/**
 * The privacy policy of every site brand: what a lead-generation site collects, why, who it is
 * shared with (licensed insurance agencies and insurance partners), cookies and analytics, and the rights of
 * California and other states' residents. Brand facts are filled in at render time.
 */
import type { ThemeContent } from '../theme-content.ts';
import type { Theme } from '../themes.ts';
import { LEGAL_LAST_UPDATED } from './legal-dates.ts';

/** The privacy-policy theme. */
export const PRIVACY_THEMES: Record<Extract<Theme, 'privacy'>, ThemeContent> = {
  privacy: {
    benefits: [],
    planTypes: [],
    image: 'legal',
    copy: {
      english: {
        title: 'Privacy policy',
        description:
          'How this website collects, uses and shares your information, including with licensed insurance agencies and other partners, and the privacy rights you have.',
        headline: 'Privacy policy',
        subheadline: `Last updated: ${LEGAL_LAST_UPDATED}`,
        body: [
          'This Privacy Policy explains how {owner} (“{brandName}”, “we” or “us”) collects, uses, shares and protects personal information when you visit {website}, fill in a form, call or text us, or otherwise use our services.',
          'We help people compare insurance options and connect them with licensed insurance agencies and insurance companies. To do that, we share the information you give us with those partners. This policy explains how that works and the choices you have.',
          'Each section below has its own link, so you can return to it or share it.',
        ],
        sections: [
          {
            id: 'information-we-collect',
            heading: 'Information we collect',
            paragraphs: [
              'Information you give us. When you fill in a form or call us, you may give us your name, phone number, email address, postal address, ZIP code, date of birth or age, and answers to questions such as whether you have Medicare Parts A and B or Medicaid and who your current insurer is. For auto insurance, this includes details about your drivers and vehicles. If you choose to tell us about a health condition to check whether a Special Needs Plan may fit, we collect that too.',
              'Information collected automatically. When you use the website, we and our service providers collect your IP address and approximate location, device and browser type, the pages you view and links you click, the date and time of your visit, the page that referred you, and advertising click identifiers and campaign details in the web address.',
              'Information from others. We may receive information from advertising partners, from data providers that help us verify contact details or detect fraud, and from Partners who tell us the outcome of a referral.',
            ],
          },
          {
            id: 'how-we-use',
            heading: 'How we use information',
            paragraphs: ['We use personal information to:'],
            items: [
              'connect you with licensed insurance agencies and insurers who can answer your questions and provide quotes',
              'check which plans or offers may be available where you live',
              'call, text or email you about insurance products, as you have agreed',
              'operate, secure and improve the website, and detect bots and fraud',
              'measure how well our advertising works',
              'keep the records required by law and by Medicare marketing rules, and respond to lawful requests',
            ],
          },
          {
            id: 'sharing',
            heading: 'How we share information',
            paragraphs: [
              'With Partners. We share the information you submit with licensed insurance agencies, insurance companies and marketing partners so that they can contact you and offer quotes. Each Partner uses your information under its own privacy policy.',
              'With service providers that host the website, handle calls and messages, provide analytics or help us with security, under contracts that limit how they may use it.',
              'With advertising and analytics providers, through cookies and similar technologies, as described below.',
              'When the law requires it, to protect rights and safety, or as part of a merger, acquisition or sale of assets.',
              'We do not use information about your health conditions for advertising.',
            ],
          },
          {
            id: 'calls-and-texts',
            heading: 'Calls and text messages',
            paragraphs: [
              'If you give consent, we and our Partners may call or text you at the number you provide, including with automated technology, as explained in our Terms of Service. Calls may be recorded for quality and compliance; calls about Medicare plans are recorded and kept as Medicare rules require.',
              'To stop texts, reply STOP. To stop calls, tell the caller or call us at {phone}, and we will add your number to our internal Do Not Call list.',
            ],
          },
          {
            id: 'cookies',
            heading: 'Cookies and analytics',
            paragraphs: [
              'We use cookies, pixels and similar technologies to keep the website working, remember choices such as light or dark mode, understand how visitors use our pages and measure our advertising. These include a tag manager, web analytics services such as Google Analytics, and advertising pixels from platforms where we advertise.',
              'Analytics and advertising cookies may collect information about your activity on our website over time, which those providers may combine with information from other sites. You can block or delete cookies in your browser settings, though some parts of the website may not work without them.',
              'We treat a Global Privacy Control (GPC) signal as a request to opt out of the sale or sharing of personal information for the browser that sends it.',
            ],
          },
          {
            id: 'choices',
            heading: 'Your choices',
            paragraphs: [],
            items: [
              'Stop texts by replying STOP, and calls by telling the caller or calling {phone}.',
              'Unsubscribe from emails with the link in any email we send.',
              'Control cookies in your browser settings and turn on Global Privacy Control.',
              'Ask us not to sell or share your personal information, as described below.',
            ],
          },
          {
            id: 'california',
            heading: 'Your California privacy rights',
            paragraphs: [
              'If you live in California, the California Consumer Privacy Act, as amended by the California Privacy Rights Act, gives you the right to:',
            ],
            items: [
              'know the categories and specific pieces of personal information we collected about you, where it came from, why we collected it and who we shared it with',
              'delete personal information we collected from you, subject to legal exceptions',
              'correct inaccurate personal information',
              'opt out of the sale or sharing of your personal information',
              'limit the use of your sensitive personal information',
              'not be treated differently for using these rights',
            ],
          },
          {
            id: 'california-details',
            heading: 'How California rights apply here',
            paragraphs: [
              'In the past 12 months we collected the categories described above: identifiers, customer records, characteristics such as age, commercial information, internet activity, approximate location, inferences and, if you gave it, health information. Sharing your contact details with insurance Partners that may pay us can be a “sale” under California law, and our use of advertising cookies can be “sharing”.',
              'To use your rights, email {privacyEmail} or call {phone}. We will verify your request by matching the information you give with the information we hold. An authorized agent may act for you with your signed permission. Under California’s “Shine the Light” law you may also ask about disclosures to third parties for their direct marketing.',
            ],
          },
          {
            id: 'state-rights',
            heading: 'Privacy rights in other states',
            paragraphs: [
              'Residents of Colorado, Connecticut, Delaware, Indiana, Iowa, Kentucky, Maryland, Minnesota, Montana, Nebraska, New Hampshire, New Jersey, Oregon, Rhode Island, Tennessee, Texas, Utah, Virginia and other states with consumer privacy laws may have the right to access, correct, delete and get a copy of their personal information, and to opt out of its sale, of targeted advertising and of certain profiling. Nevada residents may ask us not to sell their information.',
              'To make a request, contact us as described below. If we decline your request, you may appeal by replying to our decision; if your appeal is denied, you may contact your state attorney general.',
              'Some states, such as Washington, protect consumer health data. We collect health-related answers only when you choose to give them, use them only to find suitable insurance options for you, and share them only with the Partners who provide those options.',
            ],
          },
          {
            id: 'security',
            heading: 'How we protect information',
            paragraphs: [
              'We use administrative, technical and physical safeguards, such as encrypted connections and access controls, to protect personal information. No method of transmission or storage is completely secure, so we cannot guarantee absolute security.',
            ],
          },
          {
            id: 'retention',
            heading: 'How long we keep information',
            paragraphs: [
              'We keep personal information for as long as we need it for the purposes in this policy, including records of your consent, and then delete or de-identify it. Recordings of calls about Medicare plans are kept for at least ten years, as Medicare rules require.',
            ],
          },
          {
            id: 'children',
            heading: 'Children',
            paragraphs: [
              'Our services are meant for adults. We do not knowingly collect personal information from children under 13, or under 16 where state law sets that age, and we delete it if we learn that we have.',
            ],
          },
          {
            id: 'changes',
            heading: 'Changes to this policy',
            paragraphs: [
              'We may update this policy; the date at the top shows when it last changed. If we make material changes, we will post a notice on the website before they take effect.',
            ],
          },
          {
            id: 'contact',
            heading: 'Contact us',
            paragraphs: ['Questions and privacy requests can be sent to:'],
            items: ['{owner}, {address}', 'Phone: {phone}', 'Email: {privacyEmail}'],
          },
        ],
      },
    },
  },
};
