import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { CountrySelect } from '@/components/country-select';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';

/** What frames every field of the kit: its label, hint and message (see <Field>), and what a change reports. */
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

/** The frame's props for <Field>, the change handler, and the rest for the control. */
function splitFrame<P extends FieldFrame>(props: P) {
  const { id, label, hint, error, optional, className, onValue, ...control } = props;
  return { frame: { id, label, hint, error, optional, className }, onValue, control };
}

/** A labelled text input; `inputClassName` styles the input, `adornment` sits inside it on the left (an icon, '£'). */
export function InputField(
  props: FieldFrame &
    ControlProps<InputHTMLAttributes<HTMLInputElement>> & { inputClassName?: string; adornment?: ReactNode },
) {
  const {
    frame,
    onValue,
    control: { inputClassName, adornment, ...input },
  } = splitFrame(props);
  return (
    <Field {...frame}>
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

export function TextareaField(props: FieldFrame & ControlProps<TextareaHTMLAttributes<HTMLTextAreaElement>>) {
  const { frame, onValue, control: textarea } = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => <Textarea {...textarea} {...control} onChange={(event) => onValue(event.target.value)} />}
    </Field>
  );
}

/**
 * A labelled choice of `options` (shown as `optionLabel` says, else as they are); with a `placeholder`, an
 * unpickable first option shows until the user picks.
 */
export function SelectField(
  props: FieldFrame &
    ControlProps<SelectHTMLAttributes<HTMLSelectElement>> & {
      options: readonly string[];
      placeholder?: string;
      optionLabel?: (option: string) => string;
    },
) {
  const {
    frame,
    onValue,
    control: { options, placeholder, optionLabel, ...select },
  } = splitFrame(props);
  return (
    <Field {...frame}>
      {(control) => (
        <Select {...select} {...control} onChange={(event) => onValue(event.target.value)}>
          {placeholder === undefined ? null : (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel ? optionLabel(option) : option}
            </option>
          ))}
        </Select>
      )}
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

/**
 * The submit button: disabled and saying `pendingLabel` while the form is being sent; `icon` goes before the words.
 * `canSubmit` false keeps it disabled too (nothing chosen yet).
 */
export function SubmitButton({
  pending,
  label,
  pendingLabel,
  icon,
  canSubmit = true,
  ...button
}: Omit<ButtonProps, 'type' | 'disabled' | 'children'> & {
  pending: boolean;
  label: string;
  pendingLabel: string;
  icon?: ReactNode;
  canSubmit?: boolean;
}) {
  return (
    <Button type="submit" size="lg" disabled={pending || !canSubmit} {...button}>
      {icon}
      {pending ? pendingLabel : label}
    </Button>
  );
}
