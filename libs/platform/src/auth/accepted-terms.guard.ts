import { applyDecorators, ConflictException, Injectable, SetMetadata, UseGuards, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import {
  LEGAL_DOCUMENT_VERSIONS,
  TERMS_NOT_ACCEPTED_CODE,
  termsNotAcceptedMessage,
  type AcceptableTerms,
  type TermsNotAcceptedBody,
} from '@hunted/contracts';
import type { RequestWithUser } from './access.decorators.js';

export const ACCEPTED_TERMS_METADATA = 'hunted:accepted-terms';

/** The 409 a route answers to a member who has not accepted the current version of `document`. */
export function termsNotAccepted(document: AcceptableTerms): ConflictException {
  const body: TermsNotAcceptedBody = {
    statusCode: 409,
    code: TERMS_NOT_ACCEPTED_CODE,
    message: termsNotAcceptedMessage(document),
    document,
    version: LEGAL_DOCUMENT_VERSIONS[document],
  };
  return new ConflictException(body);
}

/**
 * Refuses a member whose signed identity does not say they accepted the current version of the route's document
 * (the `acceptedTerms` claim the gateway reads from identity with the session). Runs after the global
 * InternalAuthGuard, which has attached the caller; a route with this guard is a signed-in route, so a caller
 * without an identity was already refused there, and is refused here as well should the route be public.
 */
@Injectable()
export class AcceptedTermsGuard implements CanActivate {
  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    const document = this.reflector.getAllAndOverride<AcceptableTerms | undefined>(ACCEPTED_TERMS_METADATA, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!document) return true;
    const { user } = context.switchToHttp().getRequest<RequestWithUser>();
    if (!user?.acceptedTerms.includes(document)) throw termsNotAccepted(document);
    return true;
  }
}

/**
 * The route needs the member to have accepted the current version of `document` (decision 0103): 409
 * `{ code: 'terms-not-accepted', document, version, message }` otherwise, which the web answers with its terms dialog.
 */
export const RequiresAcceptedTerms = (document: AcceptableTerms) =>
  applyDecorators(SetMetadata(ACCEPTED_TERMS_METADATA, document), UseGuards(AcceptedTermsGuard));
