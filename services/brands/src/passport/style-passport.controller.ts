import { Controller, Get, Param } from '@nestjs/common';
import type { SharedStylePassport, StylePassport } from '@hunted/contracts';
import { CurrentUser, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { StylePassportService } from './style-passport.service.js';

/** The style passport (issue 25): members only; a booking's passport is its client's and, for a while, its hunter's. */
@Controller('api')
@SignedIn()
export class StylePassportController {
  constructor(private readonly passports: StylePassportService) {}

  @Get('style-passport')
  own(@CurrentUser() user: AuthenticatedUser): Promise<StylePassport> {
    return this.passports.own(user.id);
  }

  @Get('style-passports/:bookingId')
  shared(@CurrentUser() user: AuthenticatedUser, @Param('bookingId') bookingId: string): Promise<SharedStylePassport> {
    return this.passports.shared(bookingId, user.id);
  }
}
