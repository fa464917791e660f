import { useId, useRef, useState, type FormEvent } from 'react';
import { messagesForFields } from '@/lib/field-errors';
import { focusFirstError } from '@/lib/focus-first-error';

/** The server's per-field messages of a refused submission, or nothing when it was accepted. */
export type ServerFieldErrors = Record<string, string> | null | undefined;

/**
 * The state every Hunted form keeps: the values, the messages beside the fields, the messages of a refusal that name
 * no field, and the submit sequence (check here first, focus the first field in error, send, show the server's
 * per-field messages). `fields` is the order the form shows its fields, so the first one in error gets focus.
 */
export function useFormState<V extends object, F extends string>({
  initialValues,
  fields,
}: {
  initialValues: V | (() => V);
  fields: readonly F[];
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<V>(initialValues);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  // A dotted field (sessionTypes.inPerson.price) becomes a valid id.
  const fieldId = (field: F) => `${id}-${field.replaceAll('.', '-')}`;

  /** A fixed field stops shouting. */
  function clearErrors(...cleared: F[]) {
    setErrors((previous) => {
      if (!cleared.some((field) => previous[field])) return previous;
      const next = { ...previous };
      for (const field of cleared) delete next[field];
      return next;
    });
  }

  function setValue<K extends keyof V>(field: K, value: V[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
  }

  const focusFirst = (found: Partial<Record<F, string>>) => focusFirstError(formRef.current, fields, found, fieldId);

  /**
   * The form's onSubmit: `validate` checks the values here (it may wait, for rules loaded only when a form is sent),
   * `send` submits them and resolves to the server's refusal.
   */
  function handleSubmit({
    validate,
    send,
  }: {
    validate: (values: V) => Partial<Record<F, string>> | Promise<Partial<Record<F, string>>>;
    send: (values: V) => Promise<ServerFieldErrors>;
  }) {
    return (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      void (async () => {
        const checked = validate(values);
        // Awaited only when it is a promise: a form whose rules are at hand shows its messages in the same event.
        const found = checked instanceof Promise ? await checked : checked;
        setErrors(found);
        setOtherErrors([]);
        if (Object.keys(found).length > 0) {
          focusFirst(found);
          return;
        }
        const serverErrors = await send(values);
        if (!serverErrors) return;
        const known = messagesForFields(serverErrors, fields);
        setErrors(known);
        setOtherErrors(Object.entries(serverErrors).flatMap(([field, message]) => (field in known ? [] : [message])));
        focusFirst(known);
      })();
    };
  }

  /**
   * Shows `found` beside the fields and answers whether there were none: the check of a form whose submit another
   * kit runs (ActionDialog's `validate`, which owns the <form>), where handleSubmit is not the onSubmit.
   */
  function showErrors(found: Partial<Record<F, string>>): boolean {
    setErrors(found);
    return Object.values(found).every((message) => !message);
  }

  /** The id and message of one field, to spread on a <Field> or a field of this kit. */
  const fieldProps = (field: F) => ({ id: fieldId(field), error: errors[field] });

  return {
    formRef,
    values,
    setValues,
    setValue,
    errors,
    otherErrors,
    clearErrors,
    showErrors,
    fieldId,
    fieldProps,
    handleSubmit,
  };
}
