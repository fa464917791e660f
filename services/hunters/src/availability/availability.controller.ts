import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put } from '@nestjs/common';
import {
  availabilityReadQuerySchema,
  weeklyHoursSchema,
  type AvailabilityDay,
  type WeeklyHours,
} from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidBody, ValidQuery, type AuthenticatedUser } from '@hunted/platform';
import type { z } from 'zod';
import { AvailabilityService } from './availability.service.js';

/**
 * The caller's own availability. Bodies, queries and the reverted date are read with the contracts' availability
 * schemas: each 400 names its field. The routes that set dates hand their input to the service unread: it checks
 * the dates against today on the hunter's own clock, which it knows once the hunter is loaded. Every route needs a
 * signed-in caller with a hunter profile.
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
  setWeekly(
    @CurrentUser() user: AuthenticatedUser,
    @ValidBody(weeklyHoursSchema) week: WeeklyHours,
  ): Promise<WeeklyHours> {
    return this.availability.setWeeklyHours(user.id, week);
  }

  @Get()
  days(
    @CurrentUser() user: AuthenticatedUser,
    @ValidQuery(availabilityReadQuerySchema) range: z.output<typeof availabilityReadQuerySchema>,
  ): Promise<AvailabilityDay[]> {
    return this.availability.days(user.id, range);
  }

  /** An upsert of the date's own record: 200 whether it was new or replaced. */
  @Post()
  @HttpCode(200)
  setDate(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<AvailabilityDay> {
    return this.availability.setDate(user.id, body);
  }

  @Post('range')
  @HttpCode(200)
  setRange(@CurrentUser() user: AuthenticatedUser, @Body() body: unknown): Promise<AvailabilityDay[]> {
    return this.availability.setRange(user.id, body);
  }

  /** Reverts the date to its weekly hours; answers what it now is. */
  @Delete(':date')
  revert(@CurrentUser() user: AuthenticatedUser, @Param() params: unknown): Promise<AvailabilityDay> {
    return this.availability.revertDate(user.id, params);
  }
}
