import type { ReactNode } from 'react';
import { Button } from 'reactstrap';
import { useHydrated } from './progressive-form';

interface SwitchFieldProps {
  id: string;
  /** The field the form sends while the switch is on (`name=on`); nothing while it is off. */
  name: string;
  checked: boolean;
  disabled?: boolean;
  label: ReactNode;
  /** A line under the switch on what it does. */
  help?: ReactNode;
  /** The Save button's text (shown only without JavaScript, or before the page hydrated). */
  save: ReactNode;
}

/**
 * A setting's on/off switch inside its form: with JavaScript a change sends the form at once (the form's own
 * submission: a RouterForm's or a fetcher's); without, a Save button under it does. The form around it posts to the
 * setting's route action, which saves the switch as sent.
 */
export function SwitchField({ id, name, checked, disabled = false, label, help, save }: SwitchFieldProps) {
  const hydrated = useHydrated();
  return (
    <>
      <div className="form-check form-switch">
        <input
          id={id}
          className="form-check-input"
          type="checkbox"
          role="switch"
          name={name}
          checked={checked}
          disabled={disabled}
          onChange={(event) => event.currentTarget.form?.requestSubmit()}
        />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
      {help ? <p className="form-text mb-0">{help}</p> : null}
      {hydrated ? null : (
        <Button type="submit" color="primary" size="sm" className="mt-2">
          {save}
        </Button>
      )}
    </>
  );
}
