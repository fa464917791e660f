import { Module } from '@nestjs/common';
import { BrandCopies } from './brand-copies.js';
import { HunterDecisionRepository } from './hunter-decision.repository.js';
import { HunterRepository } from './hunter.repository.js';
import { HunterRevisionRepository } from './hunter-revision.repository.js';
import { HunterUploadQuotas } from './hunter-photos.js';
import { ReferenceRatesWriter } from './reference-rates.js';

/**
 * The ground floor (docs/decisions/0087-hunters-floor-plan.md): the owners of the tables more than one feature
 * stands on: `hunters` (with `hunter_completed_sessions`), the vetting decisions (the profile records a
 * resubmission, vetting the admins' decisions), the pending revisions (the profile proposes, vetting decides) and the directory copy (go-to brands, edits and picks name its
 * brands; the handlers in `brand-copies/events/` keep it). Photo storage and the profile's pure rules sit beside it
 * as plain functions. It imports no feature (`import-x/no-restricted-paths` in eslint.config.mjs).
 */
@Module({
  providers: [HunterRepository, HunterDecisionRepository, HunterRevisionRepository, BrandCopies, HunterUploadQuotas, ReferenceRatesWriter],
  exports: [HunterRepository, HunterDecisionRepository, HunterRevisionRepository, BrandCopies, HunterUploadQuotas],
})
export class StoreModule {}
