import { Controller, Get, Param, Patch, Res, UnauthorizedException } from '@nestjs/common';
import { updateCurrentUserSchema, type CurrentUserResponse, type UpdateCurrentUserFields } from '@hunted/contracts';
import { BodyLimit, CurrentUser, Public, sendImage, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import type { FastifyReply } from 'fastify';
import { UsersService } from './users.service.js';

/** Room for a 5 MB photo sent inline as base64 JSON (4/3 of its size) plus the other fields. */
export const PROFILE_EDIT_BODY_LIMIT = 8 * 1024 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

@Controller('api/auth')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get('user')
  @SignedIn()
  async current(@CurrentUser() caller: AuthenticatedUser): Promise<CurrentUserResponse> {
    const user = await this.users.findById(caller.id);
    // The gateway vouched for someone whose account is gone: treat them as signed out.
    if (!user) throw new UnauthorizedException('Please sign in to continue');
    return this.users.toResponse(user);
  }

  @Patch('user')
  @SignedIn()
  @BodyLimit(PROFILE_EDIT_BODY_LIMIT)
  async update(@CurrentUser() caller: AuthenticatedUser, @ValidBody(updateCurrentUserSchema) changes: UpdateCurrentUserFields): Promise<CurrentUserResponse> {
    const user = await this.users.update(caller.id, changes);
    if (!user) throw new UnauthorizedException('Please sign in to continue');
    return this.users.toResponse(user);
  }

  @Get('avatars/:imageId')
  @Public()
  async avatar(@Param('imageId') imageId: string, @Res() reply: FastifyReply): Promise<void> {
    const image = UUID.test(imageId) ? await this.users.findImage(imageId) : null;
    // A new photo gets a new id, so a URL's bytes never change.
    await sendImage(reply, image?.bytes, 'Image not found');
  }
}
