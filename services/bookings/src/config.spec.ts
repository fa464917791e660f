import { baseServiceConfigChecks } from '@hunted/platform/testing';
import { describe, it } from 'vitest';
import { loadConfig } from './config.js';

describe('bookings configuration', () => {
  for (const check of baseServiceConfigChecks('bookings', loadConfig)) it(check.name, check.run);
});
