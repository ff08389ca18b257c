import type { InfoContent } from './types';

export const content: InfoContent = {
  terms: {
    title: 'Terms and conditions',
    intro: 'These terms apply to every use of {site} ({domain}). Version of {terms_date}.',
    sections: [
      {
        heading: '1. Who we are',
        paragraphs: [
          '{site} is run by {company}, {address}, {city}, registered with the Dutch Chamber of Commerce (KvK) under number {kvk}, VAT {vat}. You can reach us at {support_email} or {support_phone}.',
        ],
      },
      {
        heading: '2. Membership',
        paragraphs: [
          'You must be at least 18 years old to visit or join {site}. Signing up is free and requires a valid e-mail address that you confirm through the link we send you.',
          'Your account is personal. Keep your password secret; you are responsible for everything done with your account.',
        ],
      },
      {
        heading: '3. Credits and payments',
        paragraphs: [
          'Free members can use a limited set of functions. Sending a message costs {message_credits} credits, viewing a private photo {photo_credits} credits and a gift {gift_credits} credits. Credits are bought in one-off bundles: there is no subscription and nothing renews automatically.',
          'Unused credits can be refunded within {refund_days} days of purchase, as described in our return policy.',
        ],
      },
      {
        heading: '4. Host profiles',
        paragraphs: [
          'Some profiles are run by hosts who chat for entertainment. They are marked as such and you cannot meet them in person. Real members are never marked.',
        ],
      },
      {
        heading: '5. Conduct',
        paragraphs: [
          'Treat other members with respect. Harassment, threats, hate speech, spam, commercial offers, sharing other people’s personal data and any content involving minors are forbidden. Photos must show yourself and must not be explicit in public areas.',
          'We may remove content and suspend or close accounts that break these rules, as explained in our ban policy.',
        ],
      },
      {
        heading: '6. Ending your membership',
        paragraphs: [
          'You can delete your account at any time in your settings. For 14 days you can undo the deletion through the link in the confirmation e-mail; after that your profile and messages are removed for good.',
        ],
      },
      {
        heading: '7. Liability',
        paragraphs: [
          'We do our best to keep {site} available and safe, but we cannot guarantee uninterrupted service or the truth of what members write about themselves. Our liability is limited to the amount you paid us in the twelve months before the damage, except in case of intent or gross negligence.',
        ],
      },
      {
        heading: '8. Applicable law and changes',
        paragraphs: [
          'Dutch law applies. Disputes go to the competent court in Amsterdam, without prejudice to the mandatory consumer protection of your country of residence. We announce changes to these terms on the site at least 30 days before they take effect.',
        ],
      },
    ],
  },
  privacy: {
    title: 'Privacy statement',
    intro: 'How {company} handles your personal data on {site}.',
    sections: [
      {
        heading: 'Controller',
        paragraphs: [
          '{company}, {address}, {city} (KvK {kvk}) is the controller for the processing described here. Questions: {support_email}.',
        ],
      },
      {
        heading: 'What we process',
        paragraphs: [
          'Your e-mail address, password (stored only as a secure hash), profile name, date of birth, country and region, profile text and photos, your messages, likes and the members you block, your credit purchases, and technical data such as IP address and browser.',
          'Your profile may reveal your sexual orientation. We treat this as special category data and process it only because you chose to publish it in your profile.',
        ],
      },
      {
        heading: 'Why we process it',
        paragraphs: [
          'To provide the service you signed up for (contract), to process payments and keep accounts (legal obligation), to prevent fraud and abuse (legitimate interest), and to send you notifications and offers you can switch off at any time (consent).',
        ],
      },
      {
        heading: 'How long we keep it',
        paragraphs: [
          'As long as your account exists. After you delete your account we remove your profile and messages after 14 days; payment records are kept for seven years as Dutch tax law requires.',
          'A verification selfie is seen only by you and our moderators and is deleted 30 days after the moderator’s decision; no face template or other biometric data is made from it.',
        ],
      },
      {
        heading: 'Who receives it',
        paragraphs: [
          'Payment providers, our hosting provider in the European Union and the e-mail service that delivers our messages, each under a data processing agreement. We never sell your data.',
        ],
      },
      {
        heading: 'Your rights',
        paragraphs: [
          'You may access, correct, export and delete your data and object to its processing. Write to {support_email}; we answer within one month. You may also complain to the Dutch Data Protection Authority (Autoriteit Persoonsgegevens) or the authority of your country.',
        ],
      },
    ],
  },
  cookies: {
    title: 'Cookie policy',
    intro: '{site} uses only a few cookies, all of them needed for the site to work.',
    sections: [
      {
        heading: 'The cookies we set',
        paragraphs: [
          'auth – keeps you logged in (30 days). locale – remembers your language (365 days). dismissed_… – remembers that you closed a notice such as the adult content warning, with the time you closed it (365 days).',
        ],
      },
      {
        heading: 'No tracking by third parties',
        paragraphs: [
          'We do not use advertising or analytics cookies of other companies. Tracking codes in a link you followed (such as network or ref) are only kept to credit the partner who sent you.',
        ],
      },
      {
        heading: 'Managing cookies',
        paragraphs: ['You can delete cookies in your browser settings at any time. Without the auth cookie you cannot stay logged in.'],
      },
    ],
  },
  faq: {
    title: 'Frequently asked questions',
    intro: '',
    sections: [
      {
        heading: 'Is signing up free?',
        paragraphs: [
          'Yes. Signing up, creating a profile and browsing members is free. You only pay for credits if you want to send more messages than the free ones.',
        ],
      },
      {
        heading: 'Is this a subscription?',
        paragraphs: [
          'No. You buy a bundle of credits once. Nothing renews automatically and unused credits can be refunded within {refund_days} days.',
        ],
      },
      {
        heading: 'What does a message cost?',
        paragraphs: [
          'A message costs {message_credits} credits, a private photo {photo_credits} credits and a gift {gift_credits} credits. See the pricing page for the amounts in your currency.',
        ],
      },
      {
        heading: 'Why do I have to confirm my e-mail address?',
        paragraphs: ['Until you confirm it, other members do not receive your messages. This keeps fake accounts out.'],
      },
      {
        heading: 'What are host profiles?',
        paragraphs: ['Some profiles are run by hosts who chat for entertainment. They are clearly marked and cannot be met in person.'],
      },
      {
        heading: 'How do I delete my account?',
        paragraphs: [
          'Go to your settings and choose to delete your account. You have 14 days to change your mind through the link in the e-mail we send.',
        ],
      },
    ],
  },
  'return-policy': {
    title: 'Return policy',
    intro: 'No subscriptions, and your money back for credits you did not use.',
    sections: [
      {
        heading: 'Refund of unused credits',
        paragraphs: [
          'Within {refund_days} days of a purchase you can ask for a refund of the credits from that purchase that you have not used. We refund the matching part of the price through the payment method you used, within 14 days of your request.',
        ],
      },
      {
        heading: 'How to ask',
        paragraphs: [
          'Send an e-mail to {support_email} from the address of your account, or use the complaints form, and mention the date of the purchase.',
        ],
      },
      {
        heading: 'What cannot be refunded',
        paragraphs: ['Credits you already spent on messages, photos or gifts, free credits and bonus credits from a discount.'],
      },
    ],
  },
  service: {
    title: 'Customer service',
    intro: 'We are happy to help with your account, payments and anything else about {site}.',
    sections: [
      {
        heading: 'Contact',
        paragraphs: [
          'E-mail: {support_email}. Phone: {support_phone} (Monday to Friday, 9:00–17:00 CET). Post: {company}, {address}, {city}.',
        ],
      },
      { heading: 'Response time', paragraphs: ['We answer e-mails within one working day. Complaints are handled within 14 days.'] },
      {
        heading: 'Before you write',
        paragraphs: ['Many questions are answered in the FAQ. For a lost password use the password reset on the login page.'],
      },
    ],
  },
  ban: {
    title: 'Ban policy',
    intro: 'To keep {site} safe we act against members who break the rules.',
    sections: [
      {
        heading: 'Reasons for a ban',
        paragraphs: [
          'Any sign of a minor, harassment or threats, hate speech, spam or advertising, scams or asking for money, fake photos or photos of other people, and payment fraud.',
        ],
      },
      {
        heading: 'What happens',
        paragraphs: [
          'Depending on how serious it is, we remove the content, give a warning, suspend the account for a period or close it for good. Credits of a closed account are not refunded if it was closed for fraud.',
        ],
      },
      {
        heading: 'Objecting',
        paragraphs: [
          'If you think we made a mistake, write to {support_email} within 30 days. A colleague who was not involved reviews the decision and answers within 14 days.',
        ],
      },
    ],
  },
  '2257': {
    title: '18 U.S.C. 2257 Record-Keeping Requirements Compliance Statement',
    intro: '',
    sections: [
      {
        heading: 'Statement',
        paragraphs: [
          'All persons who appear in any visual depiction on {site} were at least 18 years old at the time the depiction was created. {site} does not produce sexually explicit content; photos are uploaded by the members themselves, who declare when they sign up that they are adults and that the photos show themselves.',
        ],
      },
      {
        heading: 'Custodian of records',
        paragraphs: [
          'The operator of this website is not a primary producer of any content. Questions about these records: {company}, {address}, {city}, {country}, {support_email}.',
        ],
      },
    ],
  },
};
