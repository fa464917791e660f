import { Controller, Get, Query } from '@nestjs/common';
import { HUNTER_MESSAGES, type SlotsResponse } from '@hunted/contracts';
import { IdParam, Public, PublicRead } from '@hunted/platform';
import { SlotsService } from './slots.service.js';

@Controller('api/hunters')
export class SlotsController {
  constructor(private readonly slots: SlotsService) {}

  /**
   * `?from=YYYY-MM-DD&to=YYYY-MM-DD&sessionType=key`, at most 31 days: every date, with its bookable starts. The
   * same for everyone (it reads no identity), so a public read: the gateway answers a repeat for up to a second, a
   * member's as a guest's (the route is `sameForEveryone`, decision 0108). A slot answered free and taken meanwhile
   * is refused by the exclusion constraints when held, as it always was.
   */
  @Get(':id/slots')
  @Public()
  @PublicRead()
  list(
    @IdParam('id', HUNTER_MESSAGES.notFound) id: number,
    @Query() query: Record<string, unknown>,
  ): Promise<SlotsResponse> {
    return this.slots.slots(id, query);
  }
}
