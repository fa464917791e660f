/** The error answers every service gives the same way (libs/platform's validation pipe writes this one). */

/**
 * A 400 answer with field-level messages: `message` is a sentence for a toast, `errors` maps each bad field
 * (the body's property name) to what is wrong with it.
 */
export interface FieldErrorsResponse {
  statusCode: 400;
  message: string;
  errors: Record<string, string>;
}
