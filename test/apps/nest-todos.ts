/**
 * A todo service as a NestJS app with a ValidationPipe answers, serving
 * fixtures/framework/todos-nest-3.0.yaml: a spec that documents each
 * operation's success and nothing else. The correct app answers as HTTP
 * calls for where the spec is silent: 401 without a valid bearer token, 415
 * for a body that is not JSON, 400 for invalid input, 404 for an id it does
 * not hold (issue 18: spec gaps, never failures). Broken variants each add a
 * real bug to the create.
 */
import { type AppRequest, type ReferenceApp, startApp } from './shared/app-server.js';

/** `correct`, or a bug on create: a 500 for one valid value, a 422 for valid input, or both. */
export type NestTodosVariant = 'correct' | 'done-500' | 'spaced-title-422' | 'two-bugs';

/** The token the app accepts. */
export const TODOS_TOKEN = 'todos-token-5e1b';

interface Todo {
  id: number;
  title: string;
  done: boolean;
}

/** Start the app on 127.0.0.1, port 0. */
export function startNestTodos(variant: NestTodosVariant = 'correct'): Promise<ReferenceApp> {
  const todos = new Map<number, Todo>();
  let next = 1;
  return startApp((request, response) => {
    const send = (status: number, payload?: unknown) => {
      response.writeHead(status, payload === undefined ? {} : { 'content-type': 'application/json; charset=utf-8' });
      response.end(payload === undefined ? undefined : JSON.stringify(payload));
    };
    const refuse = (status: number, message: string | string[], error: string) =>
      send(status, { statusCode: status, message, error });
    if (request.headers.authorization !== `Bearer ${TODOS_TOKEN}`) return refuse(401, 'Unauthorized', 'Unauthorized');
    const item = /^\/todos\/([^/]+)$/.exec(request.path);
    if (request.path === '/todos' && request.method === 'GET') return send(200, [...todos.values()]);
    if (request.path === '/todos' && request.method === 'POST') {
      const body = jsonBody(request, refuse);
      if (body === undefined) return;
      const problems = todoProblems(body, true);
      if (problems.length > 0) return refuse(400, problems, 'Bad Request');
      // The bugs: valid bodies the app mishandles.
      if ((variant === 'done-500' || variant === 'two-bugs') && !('done' in body))
        return refuse(500, 'Cannot read properties of undefined', 'Internal Server Error');
      if ((variant === 'spaced-title-422' || variant === 'two-bugs') && String(body.title).includes(' '))
        return refuse(422, ['title must not contain spaces'], 'Unprocessable Entity');
      const todo = { id: next++, title: String(body.title), done: body.done === true };
      todos.set(todo.id, todo);
      return send(201, todo);
    }
    if (!item) return refuse(404, `Cannot ${request.method} ${request.path}`, 'Not Found');
    // ParseIntPipe-like: a path id that is not a number is bad input.
    const id = Number(decodeURIComponent(item[1]!));
    if (!Number.isFinite(id)) return refuse(400, 'Validation failed (numeric string is expected)', 'Bad Request');
    const todo = todos.get(id);
    if (!['GET', 'PATCH', 'DELETE'].includes(request.method))
      return refuse(404, `Cannot ${request.method} ${request.path}`, 'Not Found');
    // The body is read and validated before the handler looks the todo up, as Nest's pipes run first.
    const body = request.method === 'PATCH' ? jsonBody(request, refuse) : {};
    if (body === undefined) return;
    const problems = request.method === 'PATCH' ? todoProblems(body, false) : [];
    if (problems.length > 0) return refuse(400, problems, 'Bad Request');
    if (!todo) return refuse(404, `Todo ${id} not found`, 'Not Found');
    if (request.method === 'GET') return send(200, todo);
    if (request.method === 'DELETE') {
      todos.delete(id);
      return send(200);
    }
    Object.assign(todo, body);
    return send(200, todo);
  });
}

/** The JSON object body, or undefined once the refusal (415 for another media type, 400 otherwise) is sent. */
function jsonBody(
  request: AppRequest,
  refuse: (status: number, message: string, error: string) => void,
): Record<string, unknown> | undefined {
  const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
  if (type !== 'application/json') {
    refuse(415, `Unsupported Media Type: ${type || 'none'}`, 'Unsupported Media Type');
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(request.body.toString('utf8'));
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // answered below
  }
  refuse(400, 'Unexpected token in JSON', 'Bad Request');
  return undefined;
}

/** class-validator's messages for CreateTodoDto (title required) or UpdateTodoDto. */
function todoProblems(body: Record<string, unknown>, create: boolean): string[] {
  const problems: string[] = [];
  if (create && !('title' in body)) problems.push('title should not be empty');
  if ('title' in body && (typeof body.title !== 'string' || body.title.length < 1))
    problems.push('title must be a string longer than or equal to 1 characters');
  if ('done' in body && typeof body.done !== 'boolean') problems.push('done must be a boolean value');
  return problems;
}
