/** A callback is the same but for its URL expression: it arrives somewhere clients do not listen. (Renaming only the callback's key is no change.) */
import { reversedRule } from './reversed-rule.js';

/** callback-renamed */
export const callbackRenamed = reversedRule({
  id: 'callback-renamed',
  level: 'breaking',
  summary: 'a callback now calls another URL expression (otherwise unchanged)',
  kind: 'callbacks',
  how: 'renamed',
  message: (label, to) => `${label} was moved to ${to}: clients listen where it no longer arrives`,
});
