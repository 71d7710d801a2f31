/**
 * The todo service on Fastify 5 with @fastify/swagger (apps/fastify-todos.mjs), its correct app and each broken
 * variant under the built CLI's `plantkit contract` (support/app-suite.ts).
 */
import { describeFrameworkApp } from './support/app-suite.js';

describeFrameworkApp('fastify-todos');
