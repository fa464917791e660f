import { z } from 'zod';
import { requiredInProduction, type ProductionRule } from './production-rules.js';

/**
 * Who runs Hunted, for every service that names them (the gateway's legal pages through `GET /api/site`, decision
 * 0099; messaging's receipts, decision 0102): spread into a service's env schema. The defaults are development
 * placeholders; `operatorInProduction` refuses to start production without the real operator.
 */
export const operatorEnv = {
  OPERATOR_NAME: z.string().trim().min(1).default('Hunted Ltd (development)'),
  OPERATOR_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .default('1 Example Street, London EC1A 1AA, United Kingdom (development placeholder)'),
  OPERATOR_EMAIL: z.email().default('legal@hunted.example'),
};

/** The production rules of `operatorEnv`: `shownOn` says where the placeholder would otherwise appear. */
export function operatorInProduction(shownOn: string): ProductionRule[] {
  const because = `the default is a development placeholder ${shownOn} would show`;
  return ['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_EMAIL'].map((variable) =>
    requiredInProduction(variable, because),
  );
}
