import {
  CONTACT_CATEGORIES,
  CONTACT_CATEGORY_LABELS,
  CONTACT_HONEYPOT_FIELD,
  type ContactCategory,
  type ContactInput,
  type ContactRequest,
} from '@hunted/contracts';
import { Send } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import {
  CONTACT_FIELDS,
  CONTACT_MAX_LENGTHS,
  emptyContactValues,
  validateContact,
  type ContactErrors,
  type ContactField,
} from './contact-form-values';

export function ContactForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  /** Sends the message; resolves to the server's per-field messages when it refused the input. */
  onSubmit: (input: ContactRequest) => Promise<Record<string, string> | null | undefined>;
}) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<ContactInput>(emptyContactValues);
  const [errors, setErrors] = useState<ContactErrors>({});
  const fieldId = (field: ContactField) => `${id}-${field}`;

  function set<K extends ContactField>(field: K, value: ContactInput[K]) {
    setValues((previous) => ({ ...previous, [field]: value }));
    setErrors((previous) => {
      if (!previous[field]) return previous;
      const next = { ...previous };
      delete next[field];
      return next;
    });
  }

  function showErrors(found: ContactErrors) {
    setErrors(found);
    const first = CONTACT_FIELDS.find((field) => found[field]);
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${CSS.escape(fieldId(first))}`)?.focus());
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContact(values);
    if (Object.keys(found).length > 0) return showErrors(found);
    setErrors({});
    const input: ContactRequest = {
      name: values.name.trim(),
      email: values.email.trim(),
      subject: values.subject.trim(),
      category: values.category,
      message: values.message.trim(),
    };
    // People never see the honeypot; only what filled it in (a bot) sends it, and the server drops that message.
    const honeypot = honeypotRef.current?.value ?? '';
    if (honeypot) input[CONTACT_HONEYPOT_FIELD] = honeypot;
    const serverErrors = await onSubmit(input);
    if (serverErrors) {
      const known: ContactErrors = {};
      for (const [field, message] of Object.entries(serverErrors)) {
        if ((CONTACT_FIELDS as readonly string[]).includes(field)) known[field as ContactField] = message;
      }
      showErrors(known);
    }
  }

  return (
    <form ref={formRef} onSubmit={(event) => void submit(event)} noValidate className="relative space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={fieldId('name')} label="Name" error={errors.name}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              maxLength={CONTACT_MAX_LENGTHS.name}
              value={values.name}
              placeholder="Your name"
              onChange={(event) => set('name', event.target.value)}
            />
          )}
        </Field>
        <Field id={fieldId('email')} label="Email" error={errors.email}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_MAX_LENGTHS.email}
              value={values.email}
              placeholder="you@example.com"
              onChange={(event) => set('email', event.target.value)}
            />
          )}
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_14rem]">
        <Field id={fieldId('subject')} label="Subject" error={errors.subject}>
          {(control) => (
            <Input
              {...control}
              maxLength={CONTACT_MAX_LENGTHS.subject}
              value={values.subject}
              placeholder="What is it about?"
              onChange={(event) => set('subject', event.target.value)}
            />
          )}
        </Field>
        <Field id={fieldId('category')} label="Category" error={errors.category}>
          {(control) => (
            <Select
              {...control}
              value={values.category}
              onChange={(event) => set('category', event.target.value as ContactCategory)}
            >
              {CONTACT_CATEGORIES.map((category) => (
                <option key={category} value={category}>
                  {CONTACT_CATEGORY_LABELS[category]}
                </option>
              ))}
            </Select>
          )}
        </Field>
      </div>
      <Field id={fieldId('message')} label="Message" error={errors.message}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            value={values.message}
            placeholder="Tell us how we can help…"
            onChange={(event) => set('message', event.target.value)}
          />
        )}
      </Field>
      {/*
        The honeypot: off-screen rather than display:none (which bots skip), hidden from assistive technology,
        out of the tab order and never autofilled, so a person cannot fill it by accident.
      */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={`${id}-${CONTACT_HONEYPOT_FIELD}`}>Website</label>
        <input
          ref={honeypotRef}
          id={`${id}-${CONTACT_HONEYPOT_FIELD}`}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="flex justify-end pt-1">
        <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto sm:min-w-44">
          <Send className="h-4 w-4" aria-hidden />
          {pending ? 'Sending...' : 'Send Message'}
        </Button>
      </div>
    </form>
  );
}
