import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from 'react';
import { CountrySelect } from '@/components/country-select';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';

/** What frames every field of the kit: its label, hint and message (see <Field>). */
interface FieldFrame {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null | undefined;
  optional?: boolean;
  className?: string;
  onValue: (value: string) => void;
}

type ControlProps<A> = Omit<A, 'id' | 'className' | 'onChange' | 'value'> & { value: string };

/** A labelled text input; `inputClassName` styles the input, `adornment` sits inside it on the left (an icon, '£'). */
export function InputField({
  id,
  label,
  hint,
  error,
  optional,
  className,
  onValue,
  inputClassName,
  adornment,
  ...input
}: FieldFrame &
  ControlProps<InputHTMLAttributes<HTMLInputElement>> & { inputClassName?: string; adornment?: ReactNode }) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      {(control) => {
        const field = (
          <Input {...input} {...control} className={inputClassName} onChange={(event) => onValue(event.target.value)} />
        );
        return adornment ? (
          <div className="relative">
            {adornment}
            {field}
          </div>
        ) : (
          field
        );
      }}
    </Field>
  );
}

export function TextareaField({
  id,
  label,
  hint,
  error,
  optional,
  className,
  onValue,
  ...textarea
}: FieldFrame & ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} optional={optional} className={className}>
      {(control) => <Textarea {...textarea} {...control} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

/** The product's countries, labelled 'Location' (brands and hunters share them). */
export function CountryField({
  id,
  error,
  value,
  onValue,
}: Pick<FieldFrame, 'id' | 'error' | 'onValue'> & { value: string }) {
  return (
    <Field id={id} label="Location" error={error}>
      {(control) => <CountrySelect {...control} value={value} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

/** The submit button: disabled and saying `pendingLabel` while the form is being sent. */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  ...button
}: Omit<ButtonProps, 'type' | 'disabled' | 'children'> & { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" size="lg" disabled={pending} {...button}>
      {pending ? pendingLabel : label}
    </Button>
  );
}
