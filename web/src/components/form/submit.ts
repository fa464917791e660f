import { toast } from '@/components/ui/toast';
import { fieldErrorsOf, serverMessageOf } from '@/lib/field-errors';
import type { ServerFieldErrors } from './use-form-state';

/**
 * Awaits a mutation for a form: accepted resolves to null, a refusal to the server's per-field messages (the toast
 * comes from the mutation's onError).
 */
export async function fieldErrorsOfSubmission(submission: Promise<unknown>): Promise<ServerFieldErrors> {
  try {
    await submission;
    return null;
  } catch (error) {
    return fieldErrorsOf(error);
  }
}

/** The toast of a saved form. */
export function successToast(title: string, description?: string): void {
  toast(description === undefined ? { title } : { title, description });
}

/**
 * The onError of a form's mutation: a destructive toast whose description is the server's own sentence when it gave
 * one (unless `fromServer` is false), else `fallback`.
 */
export function failureToast(title: string, fallback: string, { fromServer = true }: { fromServer?: boolean } = {}) {
  return (error: unknown) =>
    toast({
      variant: 'destructive',
      title,
      description: (fromServer ? serverMessageOf(error) : null) ?? fallback,
    });
}
