import type { KeyboardEvent, MouseEvent } from 'react';

/** A link that acts as a button with JavaScript (Space activates it too) and is a plain link without. */
export function linkButton(run: () => void) {
  return {
    role: 'button',
    onClick: (event: MouseEvent) => {
      event.preventDefault();
      run();
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== ' ') return;
      event.preventDefault();
      run();
    },
  } as const;
}
