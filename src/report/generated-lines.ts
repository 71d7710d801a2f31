/**
 * The extra lines of a failed generated case in the console report: the
 * (shrunk) request that was sent (request-summary.ts), what it was shrunk from, the response, and the
 * seed that replays it. The token never appears: callers redact every line.
 */

import { requestSummary } from '../contract/property/request-summary.js';
import type { CaseResult } from '../core/exchange/types.js';
import { previewText } from '../core/findings.js';
import { displayText } from './display-text.js';

/** Lines (without indentation) for a failed generated result; none for other results. */
export function generatedLines(result: CaseResult): string[] {
  const details = result.generated;
  if (!details || result.verdict !== 'failed') return [];
  const lines: string[] = [];
  const sent = requestSummary(result.case);
  if (sent) lines.push(`sent:       ${displayText(sent)}`);
  if (details.original !== undefined) {
    lines.push(
      `shrunk:     ${details.shrinks} step${details.shrinks === 1 ? '' : 's'} from ${displayText(details.original)}`,
    );
  }
  const response = result.exchange.response;
  if (response) lines.push(`response:   ${response.status} ${displayText(previewText(response.body, 160))}`);
  const cut = details.cut ? `; the time budget (--${details.cut}-budget) ended it early` : '';
  lines.push(
    `seed:       ${details.seed} (replay with --seed ${details.seed}; ${details.requests} request${details.requests === 1 ? '' : 's'} in this ${details.phase} case${cut})`,
  );
  return lines;
}
