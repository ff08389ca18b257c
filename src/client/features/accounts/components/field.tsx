import { useId, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { FormFeedback, FormGroup, FormText, Input, Label } from 'reactstrap';

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'invalid' | 'onChange'> & {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/**
 * A labelled input with its error beside it (aria-invalid + aria-describedby) and an optional hint. While there is an
 * error it takes the hint's place: the two would say the same thing twice ("at least 8 characters").
 */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputProps & { label: ReactNode; error?: string | null | undefined; hint?: ReactNode }) {
  const id = useId();
  const shownHint = error ? null : hint;
  const describedBy = [error ? `${id}-error` : null, shownHint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input id={id} bsSize="lg" invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      {error ? <FormFeedback id={`${id}-error`}>{error}</FormFeedback> : null}
      {shownHint ? <FormText id={`${id}-hint`}>{shownHint}</FormText> : null}
    </FormGroup>
  );
}
