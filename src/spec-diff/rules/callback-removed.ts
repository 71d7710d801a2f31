/** A callback (OAS 3.1.0 section 4.8.18) is gone: clients that registered a URL for it never get it again. */
import { reversedRule } from './reversed-rule.js';

/** callback-removed */
export const callbackRemoved = reversedRule({
  id: 'callback-removed',
  level: 'breaking',
  summary: 'a callback was removed',
  kind: 'callbacks',
  how: 'removed',
  message: (label) => `${label} was removed: clients no longer receive it`,
});
