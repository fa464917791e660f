import { Controller, Get, HttpCode, Post, UnauthorizedException } from '@nestjs/common';
import { acceptTermsSchema, type AcceptTermsRequest, type TermsAcceptancesResponse } from '@hunted/contracts';
import { CurrentUser, SignedIn, SQL_STATE, sqlStateOf, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { TermsAcceptances } from './terms-acceptances.js';

/**
 * The member's acceptances of the terms (decision 0103). The body's version must be the current one (400
 * otherwise, acceptTermsSchema). The gateway forgets its cached session after the POST, so the next request's
 * `acceptedTerms` claim already holds the document.
 */
@Controller('api/account/terms-acceptances')
@SignedIn()
export class TermsAcceptancesController {
  constructor(private readonly acceptances: TermsAcceptances) {}

  @Get()
  list(@CurrentUser() caller: AuthenticatedUser): Promise<TermsAcceptancesResponse> {
    return this.acceptances.list(caller.id);
  }

  @Post()
  @HttpCode(200)
  async accept(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(acceptTermsSchema) body: AcceptTermsRequest,
  ): Promise<TermsAcceptancesResponse> {
    try {
      return await this.acceptances.accept(caller.id, body.document, body.version);
    } catch (error) {
      // The gateway vouched for someone whose account is gone (erased meanwhile): signed out, as /api/auth/user says.
      if (sqlStateOf(error) === SQL_STATE.foreignKeyViolation) throw new UnauthorizedException('Please sign in to continue');
      throw error;
    }
  }
}
