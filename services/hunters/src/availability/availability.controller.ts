import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { AvailabilityDay, WeeklyHours } from '@hunted/contracts';
import { CurrentUser, SignedIn, type AuthenticatedUser } from '@hunted/platform';
import { AvailabilityService } from './availability.service.js';

/**
 * The caller's own availability. Bodies and queries are checked by hand (availability-rules.ts), as the listing's
 * query is: each 400 names its field. Every route needs a signed-in caller with a hunter profile.
 */
@Controller('api/hunter-availability')
@SignedIn()
export class AvailabilityController {
  constructor(private readonly availability: AvailabilityService) {}

  @Get('weekly')
  weekly(@CurrentUser() user: AuthenticatedUser): Promise<WeeklyHours> {
    return this.availability.weeklyHours(user.id);
  }

  @Put('weekly')
  setWeekly(@CurrentUser() user: AuthenticatedUser, @Body() body: Record<string, unknown>): Promise<WeeklyHours> {
    return this.availability.setWeeklyHours(user.id, body);
  }

  @Get()
  days(@CurrentUser() user: AuthenticatedUser, @Query() query: Record<string, unknown>): Promise<AvailabilityDay[]> {
    return this.availability.days(user.id, query);
  }

  /** An upsert of the date's own record: 200 whether it was new or replaced. */
  @Post()
  @HttpCode(200)
  setDate(@CurrentUser() user: AuthenticatedUser, @Body() body: Record<string, unknown>): Promise<AvailabilityDay> {
    return this.availability.setDate(user.id, body);
  }

  @Post('range')
  @HttpCode(200)
  setRange(@CurrentUser() user: AuthenticatedUser, @Body() body: Record<string, unknown>): Promise<AvailabilityDay[]> {
    return this.availability.setRange(user.id, body);
  }

  /** Reverts the date to its weekly hours; answers what it now is. */
  @Delete(':date')
  revert(@CurrentUser() user: AuthenticatedUser, @Param('date') date: string): Promise<AvailabilityDay> {
    return this.availability.revertDate(user.id, date);
  }
}
