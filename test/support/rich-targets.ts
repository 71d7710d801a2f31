/**
 * The four rich fixture specs with their reference apps and the credentials
 * each app pins, and a contract run against one of them: shared by the
 * issue-14 tests of static cases (test/contract/rich-servers.test.ts) and of
 * generated ones (test/contract/property/rich-generated.test.ts).
 */

import type { ContractOptions } from '../../src/contract/options.js';
import { runContract } from '../../src/contract/run-contract.js';
import type { RunResult } from '../../src/contract/types.js';
import { CATALOG_API_KEY, CATALOG_BASIC, type CatalogVariant, startCatalog } from '../apps/catalog.js';
import { GARDEN_SESSION, type GardenFormsVariant, startGardenForms } from '../apps/garden-forms.js';
import {
  GREENHOUSE_BASIC,
  GREENHOUSE_PARTNER_KEY,
  GREENHOUSE_TOKEN,
  type GreenhouseVariant,
  startGreenhouse,
} from '../apps/greenhouse.js';
import { POT_API_KEY, POT_BASIC, type PotStoreVariant, startPotStore } from '../apps/pot-store.js';
import type { ReferenceApp } from '../apps/shared/app-server.js';

/** A fixture spec, how to start its app (a variant, with its credentials pinned or not) and the run options that authenticate. */
export interface Target {
  spec: string;
  start: (variant: string, pinned: boolean) => Promise<ReferenceApp>;
  options: Partial<ContractOptions>;
  /** The same credentials as environment variables, for CLI runs. */
  env: Record<string, string>;
}

const pair = (basic: { username: string; password: string }) => `${basic.username}:${basic.password}`;

/** The rich targets by name. */
export const TARGETS: Record<'catalog' | 'forms' | 'pots' | 'greenhouse', Target> = {
  catalog: {
    spec: 'test/fixtures/rich/catalog-3.1.yaml',
    start: (variant, pinned) =>
      startCatalog(variant as CatalogVariant, pinned ? { apiKey: CATALOG_API_KEY, basic: CATALOG_BASIC } : undefined),
    options: { credentials: { apiKey: CATALOG_API_KEY, basic: pair(CATALOG_BASIC) } },
    env: { PLANTKIT_API_KEY: CATALOG_API_KEY, PLANTKIT_BASIC: pair(CATALOG_BASIC) },
  },
  forms: {
    spec: 'test/fixtures/rich/forms-3.0.yaml',
    start: (variant, pinned) =>
      startGardenForms(variant as GardenFormsVariant, pinned ? { session: GARDEN_SESSION } : undefined),
    options: { credentials: { apiKey: GARDEN_SESSION } },
    env: { PLANTKIT_API_KEY: GARDEN_SESSION },
  },
  pots: {
    spec: 'test/fixtures/rich/petstore-swagger2.yaml',
    start: (variant, pinned) =>
      startPotStore(variant as PotStoreVariant, pinned ? { apiKey: POT_API_KEY, basic: POT_BASIC } : undefined),
    options: { credentials: { apiKey: POT_API_KEY, basic: pair(POT_BASIC) } },
    env: { PLANTKIT_API_KEY: POT_API_KEY, PLANTKIT_BASIC: pair(POT_BASIC) },
  },
  greenhouse: {
    spec: 'test/fixtures/rich/auth-3.1.yaml',
    start: (variant, pinned) =>
      startGreenhouse(
        variant as GreenhouseVariant,
        pinned ? { token: GREENHOUSE_TOKEN, basic: GREENHOUSE_BASIC, partnerKey: GREENHOUSE_PARTNER_KEY } : undefined,
      ),
    options: {
      token: GREENHOUSE_TOKEN,
      credentials: { apiKey: GREENHOUSE_PARTNER_KEY, basic: pair(GREENHOUSE_BASIC) },
    },
    env: {
      PLANTKIT_TOKEN: GREENHOUSE_TOKEN,
      PLANTKIT_API_KEY: GREENHOUSE_PARTNER_KEY,
      PLANTKIT_BASIC: pair(GREENHOUSE_BASIC),
    },
  },
};

/** A run against `variant` of `target`, with the origin only as --base-url (the runner adds the servers' path); the app is closed after. */
export async function runAgainst(
  target: Target,
  variant: string,
  pinned = true,
  extra: Partial<ContractOptions> = {},
): Promise<RunResult & { app: ReferenceApp }> {
  const app = await target.start(variant, pinned);
  try {
    const result = await runContract({
      baseUrl: new URL(app.url).origin,
      spec: target.spec,
      contracts: false,
      seed: 7,
      maxCases: 20,
      workers: 4,
      ...target.options,
      ...extra,
    });
    return { ...result, app };
  } finally {
    await app.close();
  }
}

/** `id: check message` for every error finding of a run. */
export const failures = (result: RunResult) =>
  result.results.flatMap((item) =>
    item.findings
      .filter((finding) => finding.severity === 'error')
      .map((finding) => `${item.case.id}: ${finding.check} ${finding.message}`),
  );
