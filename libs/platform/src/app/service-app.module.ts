import { Module, type DynamicModule, type Type } from '@nestjs/common';
import type { BaseEnv } from '../config/env.js';
import { PlatformModule, type PlatformOptions } from '../platform.module.js';

type ModuleImport = NonNullable<DynamicModule['imports']>[number];

export interface ServiceAppOptions<Config extends BaseEnv> extends Omit<PlatformOptions, 'config' | 'entities'> {
  /** Entity classes; none by default (raw SQL in each table's owner, docs/architecture.md). */
  entities?: PlatformOptions['entities'];
  /** The service's feature modules, after the platform's, given its configuration. */
  features: (config: Config) => ModuleImport[];
}

/**
 * A service's root module: `export class AppModule extends serviceAppModule<XConfig>({ name, migrations,
 * features }) {}`, started with `AppModule.forRoot(config)`: the platform (`PlatformModule.forService`) first,
 * then the features.
 */
export function serviceAppModule<Config extends BaseEnv>({
  features,
  entities = [],
  ...platform
}: ServiceAppOptions<Config>) {
  @Module({})
  class ServiceAppModule {
    static forRoot(this: Type, config: Config): DynamicModule {
      return {
        module: this,
        imports: [PlatformModule.forService({ ...platform, config, entities }), ...features(config)],
      };
    }
  }
  return ServiceAppModule;
}
