/**
 * The specs under specs/ are what the framework apps generate: every variant of each app still serves the
 * committed document (so a framework upgrade that changes it is caught, and a broken variant differs from
 * the correct app in behaviour only), and like most generated specs they document success responses only.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, test } from 'vitest';
import { fetchGeneratedSpec } from '../../scripts/framework-apps.mjs';
import { frameworkApps } from './apps/catalog.mjs';

const variants = frameworkApps.flatMap((app) =>
  app.variants.map((variant) => [`${app.name} ${variant.name}`, app, variant.name] as const),
);

describe('the generated specs', () => {
  test.each(variants)('%s serves the committed document', async (_label, app, variant) => {
    const running = await app.start(variant);
    try {
      const generated = JSON.parse(await fetchGeneratedSpec(running.url)) as unknown;
      expect(generated).toEqual(JSON.parse(await readFile(app.specFile, 'utf8')));
    } finally {
      await running.close();
    }
  });

  test.each(frameworkApps.map((app) => [app.name, app] as const))('%s documents no 4xx or 5xx', async (_name, app) => {
    const document = JSON.parse(await readFile(app.specFile, 'utf8')) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const statuses = Object.values(document.paths).flatMap((item) =>
      Object.values(item).flatMap((operation) => Object.keys(operation.responses)),
    );
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.filter((status) => !/^2\d\d$/.test(status))).toEqual([]);
  });
});
