import {
  CONTACT_CATEGORIES,
  CONTACT_CATEGORY_LABELS,
  CONTACT_HONEYPOT_FIELD,
  CONTACT_MAX_LENGTHS,
  type ContactCategory,
  type ContactInput,
  type ContactRequest,
} from '@hunted/contracts';
import { Send } from 'lucide-react';
import { useId, useRef } from 'react';
import { InputField, SelectField, SubmitButton, TextareaField } from '@/components/form/fields';
import { useFormState, type ServerFieldErrors } from '@/components/form/use-form-state';
import { CONTACT_FIELDS, emptyContactValues, validateContact, type ContactField } from './contact-form-values';

export function ContactForm({
  pending,
  onSubmit,
}: {
  pending: boolean;
  /** Sends the message; resolves to the server's per-field messages when it refused the input. */
  onSubmit: (input: ContactRequest) => Promise<ServerFieldErrors>;
}) {
  const form = useFormState<ContactInput, ContactField>({ initialValues: emptyContactValues, fields: CONTACT_FIELDS });
  const { values, fieldProps } = form;
  const honeypotId = useId();
  const honeypotRef = useRef<HTMLInputElement>(null);

  function set<K extends ContactField>(field: K, value: ContactInput[K]) {
    form.setValue(field, value);
    form.clearErrors(field);
  }

  const submit = form.handleSubmit({
    validate: validateContact,
    send: (sent) => {
      const input: ContactRequest = {
        name: sent.name.trim(),
        email: sent.email.trim(),
        subject: sent.subject.trim(),
        category: sent.category,
        message: sent.message.trim(),
      };
      // People never see the honeypot; only what filled it in (a bot) sends it, and the server drops that message.
      const honeypot = honeypotRef.current?.value ?? '';
      if (honeypot) input[CONTACT_HONEYPOT_FIELD] = honeypot;
      return onSubmit(input);
    },
  });

  return (
    <form ref={form.formRef} onSubmit={submit} noValidate className="relative space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <InputField
          {...fieldProps('name')}
          label="Name"
          autoComplete="name"
          maxLength={CONTACT_MAX_LENGTHS.name}
          value={values.name}
          placeholder="Your name"
          onValue={(value) => set('name', value)}
        />
        <InputField
          {...fieldProps('email')}
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={CONTACT_MAX_LENGTHS.email}
          value={values.email}
          placeholder="you@example.com"
          onValue={(value) => set('email', value)}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-[1fr_14rem]">
        <InputField
          {...fieldProps('subject')}
          label="Subject"
          maxLength={CONTACT_MAX_LENGTHS.subject}
          value={values.subject}
          placeholder="What is it about?"
          onValue={(value) => set('subject', value)}
        />
        <SelectField
          {...fieldProps('category')}
          label="Category"
          options={CONTACT_CATEGORIES}
          optionLabel={(category) => CONTACT_CATEGORY_LABELS[category as ContactCategory]}
          value={values.category}
          onValue={(value) => set('category', value as ContactCategory)}
        />
      </div>
      <TextareaField
        {...fieldProps('message')}
        label="Message"
        rows={6}
        value={values.message}
        placeholder="Tell us how we can help…"
        onValue={(value) => set('message', value)}
      />
      {/*
        The honeypot: off-screen rather than display:none (which bots skip), hidden from assistive technology,
        out of the tab order and never autofilled, so a person cannot fill it by accident.
      */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>Website</label>
        <input
          ref={honeypotRef}
          id={honeypotId}
          name={CONTACT_HONEYPOT_FIELD}
          type="text"
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </div>
      <div className="flex justify-end pt-1">
        <SubmitButton
          pending={pending}
          label="Send Message"
          pendingLabel="Sending..."
          icon={<Send className="h-4 w-4" aria-hidden />}
          className="w-full sm:w-auto sm:min-w-44"
        />
      </div>
    </form>
  );
}
