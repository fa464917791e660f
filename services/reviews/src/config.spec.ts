import { baseServiceConfigChecks } from '@hunted/platform/testing';
import { describe, it } from 'vitest';
import { loadConfig } from './config.js';

describe('reviews configuration', () => {
  for (const check of baseServiceConfigChecks('reviews', loadConfig)) it(check.name, check.run);
});
