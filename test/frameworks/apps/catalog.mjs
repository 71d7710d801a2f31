/**
 * The framework apps and their variants, with what a run should find in each: the planted bug of a broken
 * variant (the operation, the checks that name it, the status it gets, and how to see it again by hand) and
 * the spec gaps of the correct app (statuses the app answers that its generated spec does not document).
 * Shared by the acceptance tests (test/frameworks/) and the measurement script (scripts/framework-apps.mjs).
 */

import { startTodosApp, todoVariants } from './fastify-todos.mjs';
import { fileVariants, startFilesApp } from './hono-files.mjs';

/**
 * @typedef {object} PlantedBug
 * @property {string} operation operationId the failure belongs to
 * @property {string[]} checks checks that report it (any one will do)
 * @property {number} status the status of the failing exchange
 * @property {'status' | 'content-type' | 'list-misses-created' | 'total-below-live'} reproduce how its curl
 *   lines show it again: the same status; a Content-Type other than `contentType`; a list without an item the
 *   replay created; or a total count below the live items
 * @property {string} [contentType] the media type the spec documents (for `content-type`)
 */

/**
 * @typedef {object} Variant
 * @property {string} name
 * @property {string} bug one line: what is wrong (empty for the correct app)
 * @property {PlantedBug[]} planted
 * @property {string[]} breaks `operation check`: where a failure may be reported (the planted bugs and their echoes)
 */

/**
 * @typedef {object} FrameworkApp
 * @property {string} name
 * @property {string} framework
 * @property {string} specFile the document the correct app generates, as committed
 * @property {string} idField the property of a created item that names it in the item paths
 * @property {(variant: string) => Promise<{ url: string, close: () => Promise<unknown> }>} start
 * @property {Array<{ operation: string, status: number }>} specGaps what the correct app answers undocumented
 * @property {Variant[]} variants the correct app first
 */

const specFile = (name) => new URL(`../specs/${name}.openapi.json`, import.meta.url).pathname;

/** The todo service's variants, each with its planted bug. */
const todoBugs = {
  correct: { bug: '', planted: [], breaks: [] },
  'boom-on-long-title': {
    bug: 'PUT of a stored todo with a 200-character title answers 500',
    planted: [{ operation: 'replaceTodo', checks: ['server-error'], status: 500, reproduce: 'status' }],
    breaks: ['replaceTodo server-error'],
  },
  'stale-list': {
    bug: 'GET /todos answers a copy taken on its first call: new todos never show up',
    planted: [
      { operation: 'listTodos', checks: ['list-includes-created'], status: 200, reproduce: 'list-misses-created' },
    ],
    // The total counts the copy too, so it falls below the todos the run holds.
    breaks: ['listTodos list-includes-created', 'listTodos total-count-matches'],
  },
  'total-zero': {
    bug: 'X-Total-Count is always 0',
    planted: [
      {
        operation: 'listTodos',
        checks: ['total-count-matches', 'total-count-at-least'],
        status: 200,
        reproduce: 'total-below-live',
      },
    ],
    // A total of 0 is below what the run holds as well as unequal to the list's length.
    breaks: ['listTodos total-count-matches', 'listTodos total-count-at-least'],
  },
  lenient: {
    bug: "bodies go through Fastify's default Ajv, which coerces types: invalid bodies are accepted",
    planted: [{ operation: 'createTodo', checks: ['outcome'], status: 201, reproduce: 'status' }],
    // The three operations with a body share the lenient compiler.
    breaks: ['createTodo outcome', 'replaceTodo outcome', 'updateTodo outcome'],
  },
  'create-refusals': {
    bug: 'a body-less POST /todos answers 500 and a blank title (valid per the spec) 422',
    planted: [
      { operation: 'createTodo', checks: ['server-error'], status: 500, reproduce: 'status' },
      { operation: 'createTodo', checks: ['outcome', 'status-documented'], status: 422, reproduce: 'status' },
    ],
    breaks: ['createTodo server-error', 'createTodo outcome', 'createTodo status-documented'],
  },
};

/** The file service's variants, each with its planted bug. */
const fileBugs = {
  correct: { bug: '', planted: [], breaks: [] },
  'wrong-content-type': {
    bug: 'downloads are labelled text/plain, the spec says application/octet-stream',
    planted: [
      {
        operation: 'downloadFile',
        checks: ['content-type'],
        status: 200,
        reproduce: 'content-type',
        contentType: 'application/octet-stream',
      },
    ],
    breaks: ['downloadFile content-type'],
  },
  'stale-list': {
    bug: 'GET /files answers a copy taken on its first call: new uploads never show up',
    planted: [
      { operation: 'listFiles', checks: ['list-includes-created'], status: 200, reproduce: 'list-misses-created' },
    ],
    // The copy also still holds the files deleted since.
    breaks: ['listFiles list-includes-created', 'listFiles use-after-delete'],
  },
  'boom-on-empty-file': {
    bug: 'uploading an empty file (0 bytes, allowed by the spec) answers 500',
    planted: [{ operation: 'uploadFile', checks: ['server-error'], status: 500, reproduce: 'status' }],
    breaks: ['uploadFile server-error'],
  },
};

const variantsOf = (names, bugs) => names.map((name) => ({ name, ...bugs[name] }));

/** @type {FrameworkApp[]} */
export const frameworkApps = [
  {
    name: 'fastify-todos',
    framework: 'Fastify 5 + @fastify/swagger',
    specFile: specFile('fastify-todos'),
    idField: 'id',
    start: startTodosApp,
    specGaps: [
      ...['getTodo', 'replaceTodo', 'updateTodo', 'deleteTodo'].map((operation) => ({ operation, status: 404 })),
      ...['listTodos', 'createTodo', 'replaceTodo', 'updateTodo'].map((operation) => ({ operation, status: 400 })),
    ],
    variants: variantsOf(todoVariants, todoBugs),
  },
  {
    name: 'hono-files',
    framework: 'Hono 4 + @hono/zod-openapi on @hono/node-server',
    specFile: specFile('hono-files'),
    idField: 'name',
    start: startFilesApp,
    specGaps: [
      { operation: 'downloadFile', status: 404 },
      { operation: 'deleteFile', status: 404 },
      { operation: 'uploadFile', status: 400 },
    ],
    variants: variantsOf(fileVariants, fileBugs),
  },
];
