/**
 * Faults: everything that stops plantkit from doing its job (as opposed to a
 * contract finding, which is a result). Each fault has a stable code so the
 * CLI can map it to an exit code and tests can assert on it (cf. undici's
 * UND_ERR_* family).
 */

/** Stable fault codes. Never rename one: users match on them. */
export type FaultCode =
  | 'PLANTKIT_USAGE'
  | 'PLANTKIT_SPEC_UNREADABLE'
  | 'PLANTKIT_SPEC_INVALID'
  | 'PLANTKIT_SPEC_REF_REFUSED'
  | 'PLANTKIT_CONTRACTS_INVALID'
  | 'PLANTKIT_RULESET_INVALID'
  | 'PLANTKIT_DIFF_CONFIG_INVALID'
  | 'PLANTKIT_TARGET_UNREACHABLE'
  | 'PLANTKIT_AUTH_MISSING'
  | 'PLANTKIT_MOCK_START'
  | 'PLANTKIT_DATA_INVALID'
  | 'PLANTKIT_REPORT_INVALID'
  | 'PLANTKIT_PROXY_START'
  | 'PLANTKIT_IO';

/** Base class of every fault plantkit throws on purpose. */
export class PlantkitError extends Error {
  readonly code: FaultCode;
  /** Optional second line: how to fix it. */
  readonly hint: string | undefined;

  constructor(code: FaultCode, message: string, options: { hint?: string; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PlantkitError';
    this.code = code;
    this.hint = options.hint;
  }
}

/** A bad flag, a missing argument, an unknown command. */
export class UsageError extends PlantkitError {
  constructor(message: string, hint?: string) {
    super('PLANTKIT_USAGE', message, { hint });
    this.name = 'UsageError';
  }
}

/** The spec could not be read, parsed or validated. */
export class SpecError extends PlantkitError {
  constructor(
    code: 'PLANTKIT_SPEC_UNREADABLE' | 'PLANTKIT_SPEC_INVALID' | 'PLANTKIT_SPEC_REF_REFUSED',
    message: string,
    options: { hint?: string; cause?: unknown } = {},
  ) {
    super(code, message, options);
    this.name = 'SpecError';
  }
}

/** A file under contracts/ is unreadable or does not match the contracts format. */
export class ContractsError extends PlantkitError {
  constructor(message: string, hint?: string) {
    super('PLANTKIT_CONTRACTS_INVALID', message, { hint });
    this.name = 'ContractsError';
  }
}

/** A Spectral ruleset (`.spectral.yaml`, `--ruleset`) is unreadable or invalid. */
export class RulesetError extends PlantkitError {
  constructor(message: string, hint?: string) {
    super('PLANTKIT_RULESET_INVALID', message, { hint });
    this.name = 'RulesetError';
  }
}

/** A spec diff config (`plantkit-diff.yaml`, `--config`) or ignore file (`--ignore`) is unreadable or invalid. */
export class DiffConfigError extends PlantkitError {
  constructor(message: string, hint?: string) {
    super('PLANTKIT_DIFF_CONFIG_INVALID', message, { hint });
    this.name = 'DiffConfigError';
  }
}

/** A report given to `plantkit contract --rerun-failed` is no plantkit report, or no longer matches the spec. */
export class ReportError extends PlantkitError {
  constructor(message: string, hint?: string) {
    super('PLANTKIT_REPORT_INVALID', message, { hint });
    this.name = 'ReportError';
  }
}

/** The system under test cannot be reached at all (refused, unknown host, TLS failure). */
export class TargetUnreachableError extends PlantkitError {
  constructor(message: string, cause?: unknown) {
    super('PLANTKIT_TARGET_UNREACHABLE', message, { cause });
    this.name = 'TargetUnreachableError';
  }
}

/** True for faults plantkit raised on purpose (as opposed to bugs). */
export function isPlantkitError(error: unknown): error is PlantkitError {
  return error instanceof PlantkitError;
}
