/** A new callback: clients that do not expect it may not listen for it, which breaks nothing they did before. */
import { reversedRule } from './reversed-rule.js';

/** callback-added */
export const callbackAdded = reversedRule({
  id: 'callback-added',
  level: 'info',
  summary: 'a callback was added',
  kind: 'callbacks',
  how: 'added',
  message: (label) => `${label} was added`,
});
