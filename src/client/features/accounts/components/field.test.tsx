// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field } from './field';

afterEach(cleanup);

describe('Field', () => {
  it('When a field has a hint and no error, then the hint shows and describes the input', () => {
    render(<Field label="Password" type="password" value="" onChange={() => undefined} hint="At least 8 characters." />);
    const input = screen.getByLabelText('Password');
    expect(screen.getByText('At least 8 characters.')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toMatch(/-hint$/);
  });

  it('When a field has an error, then only the error shows (the hint would repeat it) and describes the input', () => {
    render(
      <Field
        label="Password"
        type="password"
        value="short"
        onChange={() => undefined}
        hint="At least 8 characters."
        error="Your password needs at least 8 characters."
      />,
    );
    const input = screen.getByLabelText('Password');
    expect(screen.queryByText('At least 8 characters.')).toBeNull();
    expect(screen.getByText('Your password needs at least 8 characters.')).toBeTruthy();
    expect(input.getAttribute('aria-describedby')).toMatch(/-error$/);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });
});
