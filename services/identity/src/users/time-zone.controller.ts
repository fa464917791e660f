import { Controller, Put, UnauthorizedException } from '@nestjs/common';
import { updateTimeZoneSchema, type CurrentUserResponse, type UpdateTimeZoneFields } from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { UsersService } from './users.service.js';

/**
 * The member's own time zone (issue 38 item 3), which their emails and invites are written in. The body's zone must
 * be one the clock knows (400 naming `timeZone` otherwise, updateTimeZoneSchema). Answered with the user as
 * `GET /api/auth/user` shows them.
 */
@Controller('api/account/time-zone')
@SignedIn()
export class TimeZoneController {
  constructor(private readonly users: UsersService) {}

  @Put()
  async set(
    @CurrentUser() caller: AuthenticatedUser,
    @ValidBody(updateTimeZoneSchema) body: UpdateTimeZoneFields,
  ): Promise<CurrentUserResponse> {
    const user = await this.users.setTimeZone(caller.id, body.timeZone, { onlyIfUnset: body.onlyIfUnset });
    // The gateway vouched for someone whose account is gone: treat them as signed out, as /api/auth/user does.
    if (!user) throw new UnauthorizedException('Please sign in to continue');
    return this.users.toResponse(user);
  }
}
