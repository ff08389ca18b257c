import { defineMessages } from 'react-intl';

/**
 * Texts the BFF answers with on its own, before any backend is asked, kept in the app's catalogues
 * (locales/<lang>.json) so they come in the member's language like every other text (src/server/messages.ts).
 */
export const SERVER_TEXTS = defineMessages({
  requestTooLarge: { id: 'error.requestTooLarge', defaultMessage: 'What you are sending is too large. A photo may be at most 10 MB.' },
  requestNotHandled: { id: 'error.requestNotHandled', defaultMessage: 'The request could not be handled.' },
  notFound: { id: 'notFound.title', defaultMessage: 'This page could not be found' },
  backHome: { id: 'notFound.home', defaultMessage: 'Back to the home page' },
  errorLater: { id: 'error.generic.later', defaultMessage: 'An error occurred, please try again later.' },
  offlineTitle: { id: 'offline.title', defaultMessage: 'You are offline' },
  offlineText: {
    id: 'offline.text',
    defaultMessage: 'Check your connection; this page reloads when you are back online.',
  },
  offlineRetry: { id: 'offline.retry', defaultMessage: 'Try again' },
  tooManyStreams: {
    id: 'error.tooManyStreams',
    defaultMessage: 'Too many live connections are open. Close another tab or try again shortly.',
  },
});
