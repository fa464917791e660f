import { Controller, Get, Put } from '@nestjs/common';
import {
  hunterPickInputSchema,
  hunterPickRotaInputSchema,
  type HunterPick,
  type HunterPickInput,
  type HunterPickRota,
  type HunterPickRotaInput,
  type MyHunterPickDay,
  type TodayHunterPick,
} from '@hunted/contracts';
import { AdminOnly, CurrentUser, PublicGet, SignedIn, ValidBody, type AuthenticatedUser } from '@hunted/platform';
import { HunterPicksService } from './hunter-picks.service.js';

/** `/api/hunter-picks`: today's pick for /today (anyone), the day's hunter's own view and pick. */
@Controller('api/hunter-picks')
export class HunterPicksController {
  constructor(private readonly picks: HunterPicksService) {}

  @PublicGet('today')
  async today(): Promise<TodayHunterPick> {
    return { pick: await this.picks.today() };
  }

  @Get('mine')
  @SignedIn()
  mine(@CurrentUser() user: AuthenticatedUser): Promise<MyHunterPickDay> {
    return this.picks.mine(user.id);
  }

  @Put('today')
  @SignedIn()
  pick(@CurrentUser() user: AuthenticatedUser, @ValidBody(hunterPickInputSchema) input: HunterPickInput): Promise<HunterPick> {
    return this.picks.pick(user.id, input.brandId, input.note);
  }
}

/** `/api/admin/hunter-pick-rota`: the order in which approved hunters take the Hunter's Pick (admins only). */
@Controller('api/admin/hunter-pick-rota')
@AdminOnly()
export class AdminHunterPickRotaController {
  constructor(private readonly picks: HunterPicksService) {}

  @Get()
  rota(): Promise<HunterPickRota> {
    return this.picks.rota();
  }

  @Put()
  setRota(@ValidBody(hunterPickRotaInputSchema) input: HunterPickRotaInput): Promise<HunterPickRota> {
    return this.picks.setRota(input.hunterIds);
  }
}
