import { describe, expect, it } from 'vitest';
import { createSettingsAnswers } from './settings-answers';

const answer = (bytes: number) => ({ status: 200, headers: [] as Array<[string, string]>, body: Buffer.alloc(bytes, 'x') });

describe('settings answers kept by the BFF', () => {
  it('When the kept bodies would exceed the byte budget, then the least recently used answers leave first', () => {
    const answers = createSettingsAnswers({ maxTotalBytes: 300, now: () => 0 });
    answers.keep('a', answer(100));
    answers.keep('b', answer(100));
    answers.keep('c', answer(100));
    expect(answers.fresh('a')).toBeDefined(); // a is now the most recently used
    answers.keep('d', answer(100));
    expect(answers.size).toBe(3);
    expect(answers.fresh('b')).toBeUndefined();
    expect(answers.fresh('a')).toBeDefined();
    expect(answers.fresh('d')).toBeDefined();
  });

  it('When one answer alone exceeds the byte budget, then it is not kept and the others stay', () => {
    const answers = createSettingsAnswers({ maxTotalBytes: 300, now: () => 0 });
    answers.keep('a', answer(100));
    answers.keep('big', answer(301));
    expect(answers.fresh('big')).toBeUndefined();
    expect(answers.fresh('a')).toBeDefined();
  });

  it('When an answer is replaced or expires, then its bytes no longer count', () => {
    let t = 0;
    const answers = createSettingsAnswers({ maxTotalBytes: 300, freshMs: 1000, now: () => t });
    answers.keep('a', answer(200));
    answers.keep('a', answer(200));
    answers.keep('b', answer(100));
    expect(answers.size).toBe(2);
    t = 1000;
    expect(answers.fresh('a')).toBeUndefined();
    answers.keep('c', answer(200));
    expect(answers.size).toBe(2);
    expect(answers.fresh('c')).toBeDefined();
  });
});
