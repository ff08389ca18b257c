import { content as en } from './en';
import type { InfoContent } from './types';

/** The en-US variant of the privacy text (US state privacy laws); every other page is the English one. */
export const content: InfoContent = {
  ...en,
  privacy: {
    title: 'Privacy notice for US residents',
    intro: 'How {company} collects, uses and discloses personal information of US residents on {site}.',
    sections: [
      {
        heading: 'Who we are',
        paragraphs: ['{site} is operated by {company}, {address}, {city}, the Netherlands. Contact: {support_email} or {support_phone}.'],
      },
      {
        heading: 'Categories of personal information we collect',
        paragraphs: [
          'Identifiers (e-mail address, profile name, IP address), characteristics you choose to share (age, sexual orientation, relationship status), commercial information (credit purchases), internet activity on our site (pages visited, messages and likes), and approximate location (country and region).',
          'Sexual orientation is sensitive personal information. We use it only to provide the service you asked for and never to infer anything about you.',
        ],
      },
      {
        heading: 'How we use and disclose it',
        paragraphs: [
          'To run your account and the dating service, to process payments, to keep the site safe and to meet legal obligations. We disclose it only to service providers under contract (payment, hosting, e-mail). We do not sell or share personal information for cross-context behavioral advertising.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'Depending on your state (for example California, Colorado, Connecticut, Virginia or Utah) you may request to know, access, correct, delete or port your personal information, and to limit the use of sensitive personal information. We will not discriminate against you for using these rights.',
          'Send your request to {support_email} from the e-mail address of your account. We confirm it within 10 days and answer within 45 days. An authorized agent may act for you with your signed permission. If we refuse, you may appeal by replying to our answer.',
        ],
      },
      {
        heading: 'Retention',
        paragraphs: [
          'We keep your information while your account exists; profile and messages are deleted 14 days after you delete your account, and payment records after seven years.',
          'A verification selfie is seen only by you and our moderators and is deleted 30 days after the moderator’s decision; no face template or other biometric data is made from it.',
        ],
      },
    ],
  },
};
