/**
 * The richer reference apps (test/apps) with their specs and the
 * credentials a run sends them: the contract runner's targets in
 * test/contract/rich-servers.test.ts, and the upstreams of the proxy's.
 */
import type { ContractOptions } from '../../src/contract/options.js';
import { CATALOG_API_KEY, CATALOG_BASIC, startCatalog, type CatalogVariant } from '../apps/catalog.js';
import { GARDEN_SESSION, startGardenForms, type GardenFormsVariant } from '../apps/garden-forms.js';
import { GREENHOUSE_BASIC, GREENHOUSE_PARTNER_KEY, GREENHOUSE_TOKEN, startGreenhouse, type GreenhouseVariant } from '../apps/greenhouse.js';
import { POT_API_KEY, POT_BASIC, startPotStore, type PotStoreVariant } from '../apps/pot-store.js';
import type { ReferenceApp } from '../apps/shared/app-server.js';

/** A reference app, its spec, and the run options that carry its credentials. */
export interface RichTarget {
  spec: string;
  /** Start `variant`; `pinned`: accept only the credentials in `options` (else any well-formed one). */
  start: (variant: string, pinned: boolean) => Promise<ReferenceApp>;
  options: Partial<ContractOptions>;
}

const pair = (basic: { username: string; password: string }) => `${basic.username}:${basic.password}`;

/** Every rich target by name. */
export const RICH_TARGETS: Record<string, RichTarget> = {
  catalog: {
    spec: 'test/fixtures/rich/catalog-3.1.yaml',
    start: (variant, pinned) => startCatalog(variant as CatalogVariant, pinned ? { apiKey: CATALOG_API_KEY, basic: CATALOG_BASIC } : undefined),
    options: { credentials: { apiKey: CATALOG_API_KEY, basic: pair(CATALOG_BASIC) } },
  },
  forms: {
    spec: 'test/fixtures/rich/forms-3.0.yaml',
    start: (variant, pinned) => startGardenForms(variant as GardenFormsVariant, pinned ? { session: GARDEN_SESSION } : undefined),
    options: { credentials: { apiKey: GARDEN_SESSION } },
  },
  pots: {
    spec: 'test/fixtures/rich/petstore-swagger2.yaml',
    start: (variant, pinned) => startPotStore(variant as PotStoreVariant, pinned ? { apiKey: POT_API_KEY, basic: POT_BASIC } : undefined),
    options: { credentials: { apiKey: POT_API_KEY, basic: pair(POT_BASIC) } },
  },
  greenhouse: {
    spec: 'test/fixtures/rich/auth-3.1.yaml',
    start: (variant, pinned) => startGreenhouse(variant as GreenhouseVariant, pinned ? { token: GREENHOUSE_TOKEN, basic: GREENHOUSE_BASIC, partnerKey: GREENHOUSE_PARTNER_KEY } : undefined),
    options: { token: GREENHOUSE_TOKEN, credentials: { apiKey: GREENHOUSE_PARTNER_KEY, basic: pair(GREENHOUSE_BASIC) } },
  },
};
