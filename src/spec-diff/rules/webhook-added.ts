/** A new webhook: nobody receives it until they subscribe. */
import { reversedRule } from './reversed-rule.js';

/** webhook-added */
export const webhookAdded = reversedRule({
  id: 'webhook-added',
  level: 'info',
  summary: 'a webhook was added',
  kind: 'webhooks',
  how: 'added',
  message: (label) => `${label} was added`,
});
