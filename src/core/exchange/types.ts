/**
 * The exchange model every judge shares: a case (what to send and what to
 * expect), an exchange (what happened on the wire) and a case result (what
 * the checks found). The contract runner makes them, the proxy makes them of
 * live traffic, the response checks read them and the reporters render them.
 */
import type { Finding } from '../findings.js';
import type { HarvestSource } from '../resources/producers.js';
import type { Operation } from '../spec/types.js';
import type { StatefulExpectation } from './stateful-expectation.js';

/** An HTTP request as plantkit sends it. `body` is exact JSON text (int64 kept). */
export interface CaseRequest {
  method: string;
  /** Path with parameters filled in and query string, e.g. `/plants?dryRun=true`. */
  path: string;
  /** Header names in lower case. May hold the real token: never print without redaction. */
  headers: Record<string, string>;
  body?: string;
}

/** What a case expects of the response. */
export type Expectation =
  /** A documented success (2xx) status with a valid body. */
  | { outcome: 'success' }
  /** A client-error (4xx) status: the request was invalid. */
  | { outcome: 'rejection' }
  /** Not a success: bad or missing credentials (401/403 allowed even when undocumented). */
  | { outcome: 'auth-rejection' }
  /** An exact status, and optionally response fields equal to the request's (contracts/ scenarios). */
  | { outcome: 'status'; status: number; echo?: EchoExpectation }
  /** A stateful step on a deleted item: the stateful checks judge the status (`use-after-delete`, `second-delete-not-found`). */
  | { outcome: 'resource-state' }
  /** Any status the spec documents: a response judged on its own, with no request to go by (`toMatchContract`). */
  | { outcome: 'documented' };

/** Response fields that must equal the request's, compared where present in both. */
export interface EchoExpectation {
  /** JSON pointers into both bodies (`/name`). */
  pointers: string[];
  /** The request body value the response is compared with. */
  sent: unknown;
}

/** The kinds of case, in the order they run. */
export type CaseKind = 'positive' | 'negative' | 'auth' | 'scenario' | 'generated' | 'stateful';

/** One request to send and what it must get. */
export interface ContractCase {
  /** Stable id: `addPlant/negative/missing-required/name`. */
  id: string;
  kind: CaseKind;
  operation: Operation;
  /** One line for humans: `body without required property 'name'`. */
  title: string;
  request: CaseRequest;
  expect: Expectation;
  /** Why the case cannot run (it is reported as skipped, never sent). */
  skip?: string;
  /**
   * The security scheme whose pinned value the case relies on (a wrong token
   * or key): against a plantkit mock that accepts any value for it
   * (`x-plantkit-mock: credentials=any`), the case is reported as skipped.
   */
  needsPinned?: string;
  /** A step of a stateful sequence: what the model expects of it (contract/stateful/). */
  stateful?: StatefulExpectation;
  /**
   * Whether the resource the request names (by its path, or another id-like
   * parameter) exists as far as the run knows: `live` when its id came from
   * the server (a create's answer, a list, a link) and was not deleted since,
   * `deleted` when the run deleted it, `made-up` when the run invented it.
   * Absent: the case makes no claim, read as `made-up` where the operation
   * has a path parameter. A 404 or 410 for a `made-up` or `deleted` resource
   * is what HTTP calls for (a spec gap when undocumented); for a `live` one it
   * is a failure.
   */
  resource?: ResourceState;
  /**
   * Where the values the case took from the run's resource pool came from:
   * the producer's request and where its answer held the value. Sent again
   * first, they let `--rerun-failed` reach a live resource again.
   */
  producers?: ProducerStep[];
}

/** A value a case took from an earlier answer (contract/producers/): which request produced it, and where. */
export interface ProducerStep {
  /** The parameter it filled, `in:name` (`path:plantId`). */
  parameter: string;
  /** The value as the case sent it (an id's exact text). */
  value: string;
  /** Id of the operation whose answer held it. */
  operation: string;
  /** The request sent to that operation (may hold the real token: never print without redaction). */
  request: CaseRequest;
  /** Where in the answer the value was. */
  source: HarvestSource;
}

/** See {@link ContractCase.resource}. */
export type ResourceState = 'live' | 'deleted' | 'made-up';

/** The response as read off the wire. */
export interface ReceivedResponse {
  status: number;
  /** Header names in lower case; repeated headers joined with `, `. */
  headers: Record<string, string>;
  body: string;
  /** Body bytes beyond the cap were not read. */
  truncated: boolean;
  /** The body was not valid UTF-8. */
  invalidUtf8: boolean;
  /** The body's bytes, when they were read off the wire (binary media types); `body` is their UTF-8 reading. */
  bytes?: Buffer;
  /** Set on a passed result kept after reporting without its body (`retainDetail: 'failures'`, retained-result.ts): `body` is then empty. */
  bodyDropped?: true;
}

/** Why no usable response came back. */
export interface TransportFailure {
  /** `encoding`: a Content-Encoding the client cannot decode, or a body that does not decode. */
  kind: 'timeout' | 'connection' | 'too-large' | 'encoding';
  message: string;
}

/** A sent case and what came back. */
export interface Exchange {
  case: ContractCase;
  /** Absolute URL the request went to. */
  url: string;
  durationMs: number;
  response?: ReceivedResponse;
  failure?: TransportFailure;
}

/** The verdict on one case. */
export interface CaseResult {
  case: ContractCase;
  exchange: Exchange;
  findings: Finding[];
  /** `skipped`: not sent, see `case.skip`. */
  verdict: 'passed' | 'failed' | 'skipped';
  /** Skipped because the run stopped before it (interrupt, --max-duration, an unresponsive target). */
  notRun?: boolean;
  /** How a generated case came about (kind `generated` only). */
  generated?: GeneratedDetails;
  /** The sequence a stateful result stands for (kind `stateful` only). */
  sequence?: SequenceDetails;
}

/** The phases of generated cases, in the order they run: edge values, then random valid and invalid bodies. */
export type GeneratedPhase = 'boundary' | 'positive' | 'negative';

/** The property phase's account of a generated result: which phase, how many requests, how it shrank. */
export interface GeneratedDetails {
  phase: GeneratedPhase;
  /** The run's seed (`--seed`): the same seed sends the same requests again. */
  seed: number;
  /** Requests this result stands for: the cases of a random phase, or one boundary case, plus shrinking. */
  requests: number;
  /** Shrinking steps that still failed (0 when the failure did not shrink). */
  shrinks: number;
  /** The failing request as first found, before shrinking (its body; with method, path and parameters first when the operation has parameters); absent when it did not shrink. */
  original?: string;
  /** Set when the time budget stopped this case early (docs/property-cases.md, Budget): the phase sent fewer requests, or shrinking ended sooner. */
  cut?: BudgetCut['budget'];
}

/** What the generated phases' time budget left out: one record per phase of an operation it cut. */
export interface BudgetCut {
  /** Operation id. */
  operation: string;
  phase: GeneratedPhase;
  /** `operation`: the operation used up --operation-budget; `generated`: its share of --generated-budget (what was left over the operations to go). */
  budget: 'operation' | 'generated';
  /** Requests the phase had sent when it was cut; 0 when it did not start. */
  requests: number;
  /** Boundary cases left unsent (boundary phase only). */
  casesNotSent?: number;
  /** Ids of the boundary cases left unsent, in the order they would have gone (boundary phase only). */
  notSent?: string[];
}

/** One step of a stateful sequence as it was sent. */
export interface SequenceStep {
  /** `create plant #1`, `read plant #1`. */
  title: string;
  request: CaseRequest;
  url: string;
  /** The status it got; undefined without a response. */
  status: number | undefined;
  /** True when a check failed on this step. */
  failed: boolean;
}

/** The stateful phase's account of a sequence: its steps (shrunk, for a failure) and how it came about. */
export interface SequenceDetails {
  /** The collection it follows (`plants`). */
  collection: string;
  /** The run's seed (`--seed`): the same seed plans the same sequences with the same bodies. */
  seed: number;
  steps: SequenceStep[];
  /** Steps before shrinking. */
  originalSteps: number;
  /** Shrinking runs that still failed (0 when the failure did not shrink). */
  shrinks: number;
  /** Requests this result stands for: the sequence, its shrinking and the clean-up deletes. */
  requests: number;
}
