/**
 * The security scheme registry: the first handler that handles a scheme
 * checks and applies it. A new scheme type is a new file plus one line here.
 */
import type { SecuritySchemeUse } from '../spec/types.js';
import { apiKeyHandler } from './api-key.js';
import { httpBearerHandler, oauth2Handler, openIdConnectHandler } from './bearer-token.js';
import { httpBasicHandler } from './http-basic.js';
import { httpOtherHandler, transportLevelHandler } from './http-other.js';
import type { SchemeHandler } from './types.js';

/** Every handler, most specific first; the transport-level one takes what is left (mutualTLS). */
const SCHEME_HANDLERS: readonly SchemeHandler[] = [
  httpBearerHandler,
  httpBasicHandler,
  apiKeyHandler,
  oauth2Handler,
  openIdConnectHandler,
  httpOtherHandler,
  transportLevelHandler,
];

/** The handler of `scheme`. */
export function handlerFor(scheme: SecuritySchemeUse): SchemeHandler {
  return SCHEME_HANDLERS.find((handler) => handler.handles(scheme)) ?? transportLevelHandler;
}

export type { CredentialTarget, InvalidCredentials, SchemeHandler } from './types.js';
