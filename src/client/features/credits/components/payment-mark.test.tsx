// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS } from '../../../../shared/payment-methods';
import { hasOwnMark, PaymentMark } from './payment-mark';

afterEach(cleanup);

describe('PaymentMark', () => {
  it('When any payment method is shown, then it has a mark of its own drawn as SVG, hidden from screen readers, never a letter', () => {
    for (const method of PAYMENT_METHODS) {
      expect(hasOwnMark(method.id), method.id).toBe(true);
      const { container, unmount } = render(<PaymentMark method={method.id} group={method.group} />);
      const svg = container.querySelector('svg');
      expect(svg, method.id).not.toBeNull();
      expect(svg?.getAttribute('aria-hidden')).toBe('true');
      expect(svg?.querySelectorAll('rect, path, circle').length, method.id).toBeGreaterThan(0);
      expect((container.textContent ?? '').trim().length, method.id).not.toBe(1);
      unmount();
    }
  });

  it("When a method has no mark of its own, then its group's pictogram stands in", () => {
    const { container } = render(<PaymentMark method="newwallet" group="wallet" />);
    expect(container.querySelector('svg')).not.toBeNull();
    expect(container.textContent).toBe('');
  });
});
