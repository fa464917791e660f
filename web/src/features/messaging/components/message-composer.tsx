import { MESSAGE_LIMITS } from '@hunted/contracts';
import { SendHorizontal } from 'lucide-react';
import { type KeyboardEvent } from 'react';
import { useFormState } from '@/components/form/use-form-state';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';

/** Shown once the text is this close to the limit. */
const COUNTER_FROM = MESSAGE_LIMITS.maxLength - 200;

const COMPOSER_FIELDS = ['text'] as const;

/**
 * The text box and Send: Enter sends, Shift+Enter breaks the line; Send is off while the text is blank or a send
 * is on its way. `onSend` answers whether the message was taken; the text is cleared only then, so a failed send
 * keeps it for another try.
 */
export function MessageComposer({
  onSend,
  sending,
}: {
  onSend: (content: string) => Promise<boolean>;
  sending: boolean;
}) {
  const form = useFormState({ initialValues: { text: '' }, fields: COMPOSER_FIELDS });
  const { text } = form.values;
  const textId = form.fieldId('text');
  const counterId = `${textId}-counter`;
  const blank = text.trim().length === 0;
  const tooLong = text.trim().length > MESSAGE_LIMITS.maxLength;

  const submit = form.handleSubmit({
    // Nothing to say beside the box: Send is off while the text is blank or too long, and the counter shows why.
    validate: () => ({}),
    send: async ({ text: content }) => {
      if (blank || tooLong || sending) return null;
      form.setValue('text', '');
      // A failed send (onSend has said why) puts the text back, unless the member has started another one.
      if (!(await onSend(content)))
        form.setValues((current) => (current.text ? current : { ...current, text: content }));
      return null;
    },
  });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      // Enter sends as Send does: through the form's own submit.
      event.currentTarget.form?.requestSubmit();
    }
  };

  return (
    <form ref={form.formRef} onSubmit={submit} className="border-t border-stone-200 bg-white p-3 sm:p-4">
      <div className="flex items-end gap-2">
        <label htmlFor={textId} className="sr-only">
          Message
        </label>
        <textarea
          id={textId}
          value={text}
          onChange={(event) => form.setValue('text', event.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder="Write a message…"
          aria-describedby={text.length >= COUNTER_FROM ? counterId : undefined}
          className="max-h-40 min-h-11 flex-1 resize-none rounded-2xl border border-stone-300 bg-white px-4 py-2.5 text-sm text-stone-900 shadow-xs outline-none [field-sizing:content] placeholder:text-stone-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
        />
        <Button type="submit" disabled={blank || tooLong || sending} className="h-11 px-4">
          <SendHorizontal className="h-4 w-4" aria-hidden />
          <span className="max-sm:sr-only">Send</span>
        </Button>
      </div>
      <p className="mt-1.5 flex justify-between px-1 text-xs text-stone-500">
        <span className="max-sm:hidden">Enter to send, Shift+Enter for a new line</span>
        {text.length >= COUNTER_FROM ? (
          <span id={counterId} className={cn('ml-auto tabular-nums', tooLong && 'font-semibold text-red-700')}>
            {text.trim().length.toLocaleString('en-GB')} / {MESSAGE_LIMITS.maxLength.toLocaleString('en-GB')}
          </span>
        ) : null}
      </p>
    </form>
  );
}
