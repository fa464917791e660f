import type pg from 'pg';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { AuthenticatedUser } from '@hunted/platform';
import { testIdentityHeaders } from '@hunted/platform/testing';
import { startBrands as startBrandsApp } from './support.js';

export const admin: AuthenticatedUser = {
  id: 'u-admin',
  email: 'admin@hunted.test',
  firstName: 'Ada',
  lastName: 'Admin',
  isAdmin: true,
  acceptedTerms: ['terms', 'hunterTerms'],
};
export const member: AuthenticatedUser = {
  id: 'u-member',
  email: 'member@hunted.test',
  firstName: 'Max',
  lastName: null,
  isAdmin: false,
  acceptedTerms: ['terms', 'hunterTerms'],
};

export function signedAs(user: AuthenticatedUser): Promise<Record<string, string>> {
  return testIdentityHeaders(user, 'brands');
}

export interface RunningBrands {
  app: NestFastifyApplication;
  base: string;
  /** A connection whose search_path is the test's schema. */
  db: pg.Client;
  close(): Promise<void>;
}

/** The real brands app on its own schema and Redis prefix, its connection's search_path set to that schema. */
export async function startBrands(schema: string): Promise<RunningBrands> {
  const brands = await startBrandsApp(schema);
  await brands.db.query(`set search_path to "${schema}"`);
  return { app: brands.app, base: brands.base, db: brands.db, close: () => brands.stop() };
}
