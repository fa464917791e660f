import { baseServiceConfigChecks } from '@hunted/platform/testing';
import { describe, it } from 'vitest';
import { loadConfig } from './config.js';

describe('hunters configuration', () => {
  for (const check of baseServiceConfigChecks('hunters', loadConfig)) it(check.name, check.run);
});
