import { describe, expect, it } from 'vitest';
import { isMessageTooLong, messageLength, messageTextProblem } from './chat-text';

describe('the chat text rule', () => {
  it('When a text is counted, then it is trimmed and each code point counts once (an emoji is one character)', () => {
    expect(messageLength('  hi  ')).toBe(2);
    expect(messageLength('🙂🙂')).toBe(2);
    expect(messageLength('\n\t ')).toBe(0);
  });

  it("When a text is at most the site's message_length after trimming, then it is not too long; one more is", () => {
    expect(isMessageTooLong(` ${'x'.repeat(10)} `, 10)).toBe(false);
    expect(isMessageTooLong('🙂'.repeat(10), 10)).toBe(false);
    expect(isMessageTooLong('x'.repeat(11), 10)).toBe(true);
  });

  it('When a text is empty, invisible or too long, then it names the reason as the backend refuses it', () => {
    expect(messageTextProblem('   ', 10)).toBe('message_empty');
    expect(messageTextProblem(' \u200b\u200d ', 10)).toBe('text_invisible');
    expect(messageTextProblem('x'.repeat(11), 10)).toBe('message_too_long');
    expect(messageTextProblem(' Hi 🙂 ', 10)).toBeNull();
    expect(messageTextProblem('x'.repeat(10), 10)).toBeNull();
  });
});
