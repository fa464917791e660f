import { ConflictException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { ExecutionContextHost } from '@nestjs/core/helpers/execution-context-host.js';
import { LEGAL_DOCUMENT_VERSIONS, type AcceptableTerms } from '@hunted/contracts';
import { describe, expect, it } from 'vitest';
import { SignedIn } from './access.decorators.js';
import { AcceptedTermsGuard, RequiresAcceptedTerms } from './accepted-terms.guard.js';
import type { AuthenticatedUser } from './internal-token.js';

class Routes {
  @SignedIn()
  @RequiresAcceptedTerms('hunterTerms')
  createProfile(): string {
    return 'created';
  }

  @SignedIn()
  list(): string {
    return 'listed';
  }
}

function member(acceptedTerms: AcceptableTerms[]): AuthenticatedUser {
  return { id: 'u1', email: 'u1@example.com', firstName: null, lastName: null, isAdmin: false, acceptedTerms };
}

function contextOf(handler: () => string, user: AuthenticatedUser | null): ExecutionContextHost {
  return new ExecutionContextHost([{ headers: {}, user }, {}, () => undefined], Routes, handler);
}

describe('RequiresAcceptedTerms', () => {
  const guard = new AcceptedTermsGuard(new Reflector());

  it('lets a member through whose claim holds the document', () => {
    expect(guard.canActivate(contextOf(Routes.prototype.createProfile, member(['terms', 'hunterTerms'])))).toBe(true);
  });

  it('answers 409 with the code, the document and its current version when the claim lacks it', () => {
    let refusal: unknown;
    try {
      guard.canActivate(contextOf(Routes.prototype.createProfile, member(['terms'])));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConflictException);
    expect((refusal as ConflictException).getStatus()).toBe(409);
    expect((refusal as ConflictException).getResponse()).toEqual({
      statusCode: 409,
      code: 'terms-not-accepted',
      document: 'hunterTerms',
      version: LEGAL_DOCUMENT_VERSIONS.hunterTerms,
      message: 'We have updated the terms for hunters. Please read and accept them to continue.',
    });
  });

  it('refuses a caller with no identity, and leaves routes without the decorator alone', () => {
    expect(() => guard.canActivate(contextOf(Routes.prototype.createProfile, null))).toThrow(ConflictException);
    expect(guard.canActivate(contextOf(Routes.prototype.list, member([])))).toBe(true);
  });
});
