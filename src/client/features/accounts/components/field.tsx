import { useId, type ChangeEvent, type ComponentProps, type ReactNode } from 'react';
import { FormFeedback, FormGroup, FormText, Input, Label } from 'reactstrap';

type InputProps = Omit<ComponentProps<typeof Input>, 'id' | 'invalid' | 'onChange'> & {
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** A labelled input with its error beside it (aria-invalid + aria-describedby) and an optional hint. */
export function Field({
  label,
  error,
  hint,
  ...input
}: InputProps & { label: ReactNode; error?: string | null | undefined; hint?: ReactNode }) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormGroup>
      <Label for={id}>{label}</Label>
      <Input id={id} bsSize="lg" invalid={Boolean(error)} aria-describedby={describedBy} {...input} />
      {error ? <FormFeedback id={`${id}-error`}>{error}</FormFeedback> : null}
      {hint ? <FormText id={`${id}-hint`}>{hint}</FormText> : null}
    </FormGroup>
  );
}
