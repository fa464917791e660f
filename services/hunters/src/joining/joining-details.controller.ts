import { Controller, Get, Put } from '@nestjs/common';
import { joiningDetailsSchema, type JoiningDetails } from '@hunted/contracts';
import { CurrentUser, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { JoiningDetailsService } from './joining-details.service.js';

/**
 * `/api/hunter-profile/joining-details`: the signed-in hunter's own WhatsApp numbers and meeting place. The body is
 * read by the contracts' joiningDetailsSchema: a malformed number is a 400 naming its field (`whatsappVideo.phone`).
 */
@Controller('api/hunter-profile/joining-details')
@SignedIn()
export class JoiningDetailsController {
  constructor(private readonly joining: JoiningDetailsService) {}

  @Get()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<JoiningDetails> {
    return this.joining.mine(user.id);
  }

  @Put()
  set(@CurrentUser() user: AuthenticatedUser, @ValidBody(joiningDetailsSchema) details: JoiningDetails): Promise<JoiningDetails> {
    return this.joining.set(user.id, details);
  }
}
