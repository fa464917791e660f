import { Module, type DynamicModule } from '@nestjs/common';
import { GATEWAY_RUNTIME, type GatewayRuntime } from './gateway-runtime.js';
import { HealthController } from './health/health.controller.js';

@Module({})
export class AppModule {
  static forRoot(runtime: GatewayRuntime): DynamicModule {
    return {
      module: AppModule,
      controllers: [HealthController],
      providers: [{ provide: GATEWAY_RUNTIME, useValue: runtime }],
    };
  }
}
