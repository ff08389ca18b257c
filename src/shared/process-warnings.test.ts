import { afterEach, describe, expect, it } from 'vitest';
import { logProcessWarnings } from './process-warnings';

describe('logProcessWarnings', () => {
  const before = process.listeners('warning');
  afterEach(() => {
    process.removeAllListeners('warning');
    for (const listener of before) process.on('warning', listener);
  });

  it('When Node emits a warning, then it goes to the logger as one JSON object, once per code, and Node prints nothing of its own', async () => {
    const logged: { obj: object; msg: string }[] = [];
    logProcessWarnings({ warn: (obj, msg) => logged.push({ obj, msg }) });
    expect(process.listeners('warning')).toHaveLength(1);
    process.emitWarning('util._extend is deprecated', { type: 'DeprecationWarning', code: 'DEP0060' });
    process.emitWarning('util._extend is deprecated', { type: 'DeprecationWarning', code: 'DEP0060' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged).toEqual([
      {
        obj: { warning: { name: 'DeprecationWarning', code: 'DEP0060', message: 'util._extend is deprecated' } },
        msg: 'process warning',
      },
    ]);
  });
});
