import { z } from 'zod';
import { ACCEPTABLE_TERMS, LEGAL_DOCUMENT_VERSIONS, TERMS_CHANGED_MESSAGE, type AcceptTermsRequest } from './legal.js';

/**
 * Body of `POST /api/account/terms-acceptances`. Apart from `legal.ts` so that the legal pages bring no zod into
 * their bundle. Only the current version of a document can be accepted: a member who read an older text (a page
 * left open across a change) is told to read the new one, never recorded as accepting what they did not see.
 */
export const acceptTermsSchema = z
  .strictObject({
    document: z.enum(ACCEPTABLE_TERMS, { error: `document must be one of: ${ACCEPTABLE_TERMS.join(', ')}` }),
    version: z.string({ error: 'version must be a string' }).max(40, { error: 'version must be at most 40 characters' }),
  })
  .superRefine((body, ctx) => {
    if (body.version !== LEGAL_DOCUMENT_VERSIONS[body.document]) {
      ctx.addIssue({ code: 'custom', path: ['version'], message: TERMS_CHANGED_MESSAGE });
    }
  }) satisfies z.ZodType<AcceptTermsRequest>;
