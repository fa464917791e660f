import { z } from 'zod';

/**
 * `DEMO_DATA` of the services that load demo data into an empty database at start (brands, hunters): 'on' or
 * 'off'; unset means on in development only. Extend a service's schema with it.
 */
export const demoDataEnv = {
  DEMO_DATA: z.enum(['on', 'off']).optional(),
};

/**
 * Whether demo data may be loaded: the explicit setting first, otherwise only in development, so a production site
 * never starts with made-up data because a variable was forgotten.
 */
export function demoDataEnabled(config: { DEMO_DATA?: 'on' | 'off' | undefined; NODE_ENV: string }): boolean {
  return (config.DEMO_DATA ?? (config.NODE_ENV === 'development' ? 'on' : 'off')) === 'on';
}
