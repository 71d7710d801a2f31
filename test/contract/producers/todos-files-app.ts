/**
 * The reference app of test/fixtures/producers/todos-files-3.0.yaml: todos
 * in memory (ids from 1, assigned by the server) and two files listed by
 * name. It logs what each item request touched (`PUT 3 stored`, `GET 99
 * missing`), so a test can tell a request that reached a stored row from one
 * that named nothing. Each broken variant has one bug that only a request
 * naming a real item (or a list judged against real items) shows.
 */
import type { ServerResponse } from 'node:http';
import { type ReferenceApp, startApp } from '../../apps/shared/app-server.js';
import { isObject, readJsonBody } from '../../apps/shared/json-body.js';
import { type Route, serveRoutes } from '../../apps/shared/routes.js';

/** Ways the app behaves. */
export type TodosVariant =
  | 'correct'
  | 'update-500' // a valid PUT of a stored todo answers 500 -> server-error
  | 'lenient-update' // a PUT of a stored todo takes any body (an empty title too) -> outcome
  | 'download-text-plain' // a real file is served as text/plain -> content-type
  | 'stale-list' // the list never shows a todo created after start (it answers none) -> first-page-not-empty
  | 'total-zero' // X-Total-Count is always 0 -> total-count-at-least / total-count-matches
  | 'rejects-long-title'; // a valid title over 50 characters gets 400 on create -> outcome (generated cases find it)

/** A running app and what it logged. */
export interface TodosApp extends ReferenceApp {
  /** `PUT 3 stored`, `PUT 3 invalid`, `GET 99 missing`, `DELETE 2 stored`, `GET a.txt stored`. */
  log: string[];
}

interface Todo {
  id: number;
  title: string;
  done: boolean;
}

const FILES: Record<string, string> = { 'a.txt': 'alpha\n', 'b.txt': 'beta\n' };

/** Start the app on 127.0.0.1, port 0; `delayMs` holds every answer back that long (to make time budgets cut). */
export async function startTodosApp(variant: TodosVariant = 'correct', delayMs = 0): Promise<TodosApp> {
  const todos = new Map<number, Todo>();
  const log: string[] = [];
  let next = 1;
  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    response.writeHead(status, { 'content-type': 'application/json', ...headers });
    response.end(JSON.stringify(body));
  };
  const idOf = (text: string) => (/^[1-9]\d*$/.test(text) ? Number(text) : undefined);
  const todoBody = (value: unknown): { title: string; done: boolean } | string => {
    if (!isObject(value)) return 'the body must be an object';
    const { title, done } = value;
    if (typeof title !== 'string' || title.length < 1 || [...title].length > 100)
      return 'title must be 1 to 100 characters';
    if (done !== undefined && typeof done !== 'boolean') return 'done must be a boolean';
    return { title, done: done ?? false };
  };
  const routes: Route[] = [
    {
      method: 'GET',
      path: '/todos',
      handle(request, response) {
        const limits = request.query.filter(([name]) => name === 'limit').map(([, value]) => value);
        const limit = limits.length === 0 ? Number.POSITIVE_INFINITY : idOf(limits[0]!);
        if (limit === undefined || limits.length > 1)
          return json(response, 400, { message: 'limit must be a positive integer' });
        const all = variant === 'stale-list' ? [] : [...todos.values()];
        const total = variant === 'total-zero' ? 0 : all.length;
        json(response, 200, all.slice(0, limit), { 'x-total-count': String(total) });
      },
    },
    {
      method: 'POST',
      path: '/todos',
      handle(request, response) {
        const read = readJsonBody(request);
        const body = 'value' in read ? todoBody(read.value) : read.error;
        if (typeof body === 'string') return json(response, 400, { message: body });
        if (variant === 'rejects-long-title' && [...body.title].length > 50)
          return json(response, 400, { message: 'title too long' });
        const todo = { id: next++, ...body };
        todos.set(todo.id, todo);
        json(response, 201, todo);
      },
    },
    ...(['GET', 'PUT', 'DELETE'] as const).map(
      (method): Route => ({
        method,
        path: '/todos/{id}',
        handle(request, response, params) {
          const id = idOf(params.id!);
          if (id === undefined) return json(response, 400, { message: 'id must be a positive integer' });
          const todo = todos.get(id);
          log.push(`${method} ${id} ${todo ? 'stored' : 'missing'}`);
          if (!todo) return json(response, 404, { message: `no todo ${id}` });
          if (method === 'GET') return json(response, 200, todo);
          if (method === 'DELETE') {
            todos.delete(id);
            response.writeHead(204).end();
            return;
          }
          const read = readJsonBody(request);
          const body = 'value' in read ? todoBody(read.value) : read.error;
          if (typeof body === 'string' && variant !== 'lenient-update') {
            log.push(`PUT ${id} invalid`);
            return json(response, 400, { message: body });
          }
          if (variant === 'update-500') return json(response, 500, { message: 'the row is locked' });
          const updated = { ...todo, ...(typeof body === 'string' ? {} : body), id };
          todos.set(id, updated);
          json(response, 200, updated);
        },
      }),
    ),
    {
      method: 'GET',
      path: '/files',
      handle(_request, response) {
        json(response, 200, Object.keys(FILES));
      },
    },
    {
      method: 'GET',
      path: '/files/{filename}',
      handle(_request, response, params) {
        const content = FILES[params.filename!];
        log.push(`GET ${params.filename} ${content === undefined ? 'missing' : 'stored'}`);
        if (content === undefined) return json(response, 404, { message: `no file ${params.filename}` });
        const type = variant === 'download-text-plain' ? 'text/plain' : 'application/octet-stream';
        response.writeHead(200, { 'content-type': type }).end(content);
      },
    },
  ];
  const served = serveRoutes(routes, '', {
    notFound: (_request, response) => json(response, 404, { message: 'no such path' }),
    notAllowed: (_request, response, allowed) =>
      json(response, 405, { message: 'method not allowed' }, { allow: allowed.join(', ') }),
  });
  const app = await startApp(async (request, response) => {
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    return served(request, response);
  });
  return { ...app, log };
}
