import { hasVisibleText } from './visible-text';

/**
 * The length of a message's text as the contract counts it: after trimming, in code points (an emoji is one
 * character, as the member counts it).
 */
export function messageLength(text: string): number {
  return [...text.trim()].length;
}

/** Whether a message's text (or a photo's caption) is longer than the site's `message_length` after trimming. */
export function isMessageTooLong(text: string, maxLength: number): boolean {
  return messageLength(text) > maxLength;
}

/** Why a text message may not be sent, as the backend's error code; null when it may. */
export type MessageTextProblem = 'message_empty' | 'text_invisible' | 'message_too_long';

/**
 * The rule of a text message: after trimming, at least one character, at least one of them visible (not only
 * separators, format and control characters such as zero-width spaces), and at most the site's `message_length`
 * characters. The backend refuses a message that breaks it; the composer does not send one.
 */
export function messageTextProblem(text: string, maxLength: number): MessageTextProblem | null {
  const trimmed = text.trim();
  if (trimmed === '') return 'message_empty';
  if (!hasVisibleText(trimmed)) return 'text_invisible';
  if (isMessageTooLong(trimmed, maxLength)) return 'message_too_long';
  return null;
}
