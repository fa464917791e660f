import { Controller, Get, HttpCode, Post } from '@nestjs/common';
import type { PayoutAccount, PayoutLoginLink, PayoutOnboardingLink } from '@hunted/contracts';
import { CurrentUser, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { PayoutsService } from './payouts.service.js';

/**
 * `/api/hunter-payouts/*`: the signed-in member's own payout account, found through their own hunter profile
 * (404 without one), so nobody reaches another member's account.
 */
@Controller('api/hunter-payouts')
@SignedIn()
export class PayoutsController {
  constructor(private readonly payouts: PayoutsService) {}

  @Get('account')
  account(@CurrentUser() user: AuthenticatedUser): Promise<PayoutAccount> {
    return this.payouts.account(user);
  }

  @Post('onboarding')
  @HttpCode(200)
  onboarding(@CurrentUser() user: AuthenticatedUser): Promise<PayoutOnboardingLink> {
    return this.payouts.onboarding(user);
  }

  /**
   * An Account Link expired or was used: Stripe's `refresh_url` (the dashboard's earnings tab) asks for a fresh
   * one. A POST (the gateway's writes budget and its Origin check): it calls Stripe and creates a link.
   */
  @Post('refresh')
  @HttpCode(200)
  refresh(@CurrentUser() user: AuthenticatedUser): Promise<PayoutOnboardingLink> {
    return this.payouts.onboarding(user);
  }

  @Post('login-link')
  @HttpCode(200)
  loginLink(@CurrentUser() user: AuthenticatedUser): Promise<PayoutLoginLink> {
    return this.payouts.loginLink(user);
  }

  @Post('simulated/enable')
  @HttpCode(200)
  enableSimulated(@CurrentUser() user: AuthenticatedUser): Promise<PayoutAccount> {
    return this.payouts.enableSimulated(user);
  }
}
