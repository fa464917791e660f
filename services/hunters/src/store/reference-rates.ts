import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { CURRENCIES, type Currency } from '@hunted/contracts';
import { SERVICE_CONFIG } from '@hunted/platform';
import type { DataSource } from 'typeorm';
import { HunterRepository } from './hunter.repository.js';

/**
 * Writes the configured reference rates into `reference_rates` at start and recomputes the listing's
 * `price_reference_pence` of the hunters whose rate changed (the hunter-currencies migration's trigger keeps it on
 * every write after). One statement each; several replicas starting together write the same values.
 */
/** The configuration the rates are read from (the service's HuntersConfig; the store imports no more of it). */
interface ReferenceRatesConfig {
  HUNTER_REFERENCE_RATES: { asOf: string; pencePerUnit: Record<Currency, number> };
}

@Injectable()
export class ReferenceRatesWriter implements OnModuleInit {
  private readonly logger = new Logger(ReferenceRatesWriter.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly hunters: HunterRepository,
    @Inject(SERVICE_CONFIG) private readonly config: ReferenceRatesConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const rates = this.config.HUNTER_REFERENCE_RATES;
    await this.dataSource.query(
      `insert into reference_rates (currency, pence_per_unit)
       select * from unnest($1::text[], $2::numeric[])
       on conflict (currency) do update set pence_per_unit = excluded.pence_per_unit`,
      [CURRENCIES, CURRENCIES.map((currency) => rates.pencePerUnit[currency])],
    );
    const moved = await this.hunters.placeByReferenceRates();
    if (moved) this.logger.log(`reference rates of ${rates.asOf}: ${moved} hunters re-placed in the price bands`);
  }
}
