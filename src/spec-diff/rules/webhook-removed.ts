/** A webhook (OAS 3.1.0 section 4.8.1) is gone: receivers waiting for it never get it again. */
import { reversedRule } from './reversed-rule.js';

/** webhook-removed */
export const webhookRemoved = reversedRule({
  id: 'webhook-removed',
  level: 'breaking',
  summary: 'a webhook was removed',
  kind: 'webhooks',
  how: 'removed',
  message: (label) => `${label} was removed: subscribers no longer receive it`,
});
