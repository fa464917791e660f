import { Controller, Get, Query } from '@nestjs/common';
import { HUNTER_MESSAGES, type SlotsResponse } from '@hunted/contracts';
import { IdParam, Public } from '@hunted/platform';
import { SlotsService } from './slots.service.js';

@Controller('api/hunters')
export class SlotsController {
  constructor(private readonly slots: SlotsService) {}

  /** `?from=YYYY-MM-DD&to=YYYY-MM-DD&sessionType=key`, at most 31 days: every date, with its bookable starts. */
  @Get(':id/slots')
  @Public()
  list(
    @IdParam('id', HUNTER_MESSAGES.notFound) id: number,
    @Query() query: Record<string, unknown>,
  ): Promise<SlotsResponse> {
    return this.slots.slots(id, query);
  }
}
