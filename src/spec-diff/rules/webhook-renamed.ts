/** A webhook is the same but for its name: subscriptions are made by name, so receivers of the old one lose it. */
import { reversedRule } from './reversed-rule.js';

/** webhook-renamed */
export const webhookRenamed = reversedRule({
  id: 'webhook-renamed',
  level: 'breaking',
  summary: 'a webhook was renamed (removed under one name, the same added under another)',
  kind: 'webhooks',
  how: 'renamed',
  message: (label, to) => `${label} was renamed to ${to}: subscribers of the old name no longer receive it`,
});
