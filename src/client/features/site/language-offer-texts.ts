import { defineMessages } from 'react-intl';

/**
 * The language offer's texts. They are written in the language offered, not in the page's: the server formats them
 * with that language's catalogue (src/server/language-offer.ts) and the page state carries them as they are, so the
 * page's own catalogue never needs another language's texts.
 */
export const LANGUAGE_OFFER_TEXTS = defineMessages({
  label: { id: 'language.offer.label', defaultMessage: 'Language suggestion' },
  question: { id: 'language.offer.question', defaultMessage: 'English? Show this page in English' },
  accept: { id: 'language.offer.accept', defaultMessage: 'In English' },
  dismiss: { id: 'language.offer.dismiss', defaultMessage: 'No, thanks' },
});
