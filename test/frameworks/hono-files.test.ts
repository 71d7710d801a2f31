/**
 * The file service on Hono with @hono/zod-openapi (apps/hono-files.mjs), its correct app and each broken variant
 * under the built CLI's `plantkit contract` (support/app-suite.ts).
 */
import { describeFrameworkApp } from './support/app-suite.js';

describeFrameworkApp('hono-files');
