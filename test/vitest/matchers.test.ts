/** `toMatchContract`: passing and failing responses, message text, 3.0 and 3.1, fetch/undici/plain responses. */
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { contractMatchers } from '../../src/vitest/matchers.js';
import { APP_TOKEN, type RunningApp, startPlantStore } from '../apps/plant-store.js';

expect.extend(await contractMatchers('openapi.yaml'));

const post = (url: string, body: string) =>
  fetch(`${url}/plants`, {
    method: 'POST',
    headers: { authorization: `Bearer ${APP_TOKEN}`, 'content-type': 'application/json' },
    body,
  });

let correct: RunningApp;
let broken: RunningApp;
beforeAll(async () => {
  correct = await startPlantStore('correct');
  broken = await startPlantStore('wrong-200-shape');
});
afterAll(async () => {
  await correct.close();
  await broken.close();
});

describe('passing responses', () => {
  test('a 200 Plant and a 400 Error from a correct server', async () => {
    await expect(await post(correct.url, '{"id":1,"name":"Fern"}')).toMatchContract('addPlant');
    await expect(await post(correct.url, '{"id":1}')).toMatchContract('addPlant');
  });

  test('the response stays readable after the matcher', async () => {
    const response = await post(correct.url, '{"id":1,"name":"Fern"}');
    await expect(response).toMatchContract('addPlant');
    expect(await response.json()).toEqual({ name: 'Fern' });
  });

  test('an undici request() result and a plain object', async () => {
    const response = await request(`${correct.url}/plants`, {
      method: 'POST',
      headers: { authorization: `Bearer ${APP_TOKEN}`, 'content-type': 'application/json' },
      body: '{"id":2,"name":"Ivy"}',
    });
    await expect(response).toMatchContract('addPlant');
    await expect({ status: 200, body: { name: 'Fern', tag: 'x' } }).toMatchContract('addPlant');
  });

  test('a hand-made ResponseData: repeated headers joined, names in any case', async () => {
    const made = (headers: Record<string, string | string[]>, text: string) => ({
      statusCode: 200,
      headers,
      body: { text: async () => text },
    });
    await expect(
      made({ 'Content-Type': 'application/json', 'X-Trace': ['a', 'b'] }, '{"name":"Fern"}'),
    ).toMatchContract('addPlant');
    await expect(
      expect(made({ 'Content-Type': 'text/plain' }, '{"name":"Fern"}')).toMatchContract('addPlant'),
    ).rejects.toThrow('content-type');
  });

  test('.not passes for a response that breaks the contract', async () => {
    await expect(await post(broken.url, '{"id":1,"name":"Fern"}')).not.toMatchContract('addPlant');
  });
});

describe('failing responses say what was received and what the spec documents', () => {
  test('a 200 without name', async () => {
    await expect(expect(await post(broken.url, '{"id":1,"name":"Fern"}')).toMatchContract('addPlant')).rejects.toThrow(
      [
        'expected the 200 response to match the contract of addPlant (POST /plants):',
        "  response-schema /name: body must have required property 'name' (status 200)",
        '    received:   absent from {"title":"Fern"}',
        "    documented: must have required property 'name'",
      ].join('\n'),
    );
  });

  test('an undocumented status, a wrong content type', async () => {
    await expect(expect({ status: 201, body: { name: 'x' } }).toMatchContract('addPlant')).rejects.toThrow(
      'status-documented: status 201 is not documented for addPlant',
    );
    await expect(
      expect({ status: 200, headers: { 'content-type': 'text/html' }, body: '<p/>' }).toMatchContract('addPlant'),
    ).rejects.toThrow('content-type: Content-Type text/html is not documented for status 200');
  });

  test('strict mode flags an id in a Plant', async () => {
    await expect({ status: 200, body: { name: 'x', id: 1 } }).toMatchContract('addPlant');
    await expect(
      expect({ status: 200, body: { name: 'x', id: 1 } }).toMatchContract('addPlant', { strict: true }),
    ).rejects.toThrow('undeclared-property /id: body/id is not declared by the schema');
  });

  test('an unknown operation id lists the known ones', async () => {
    await expect(expect({ status: 200, body: {} }).toMatchContract('addPlants')).rejects.toThrow(
      "toMatchContract: 'addPlants' is not an operation of Plant Store (known: addPlant)",
    );
  });
});

test('OpenAPI 3.0: nullable honoured', async () => {
  const matchers = await contractMatchers(path.join(import.meta.dirname, '../fixtures/specs/plant-store-3.0.yaml'));
  const ok = await matchers.toMatchContract.call({}, { status: 200, body: { name: 'x', tag: null } }, 'addPlant');
  expect(ok.pass).toBe(true);
  const bad = await matchers.toMatchContract.call({}, { status: 200, body: { name: null } }, 'addPlant');
  expect(bad.pass).toBe(false);
  expect(bad.message()).toContain('response-schema /name: body/name must be string');
});
