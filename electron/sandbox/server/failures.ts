/**
 * Failures the sandbox answers, always as the error envelope of part 7. A handler throws a
 * `ServiceFailure`; the pipeline turns it into the HTTP answer.
 */
import { ERROR_STATUS, type ErrorCode, type ErrorEnvelope, type ErrorItem, type ErrorType, type FieldIssue } from '../../service/contract';

const TYPE_OF_STATUS: Readonly<Record<number, ErrorType>> = {
  400: 'ValidationError',
  401: 'AuthenticationError',
  403: 'AuthorizationError',
  404: 'NotFoundError',
  409: 'ConflictError',
  429: 'RateLimitError',
};

export function errorItem(code: ErrorCode, message: string): ErrorItem {
  return { code, message, type: TYPE_OF_STATUS[ERROR_STATUS[code]] ?? 'ServerError' };
}

export class ServiceFailure extends Error {
  readonly status: number;
  readonly items: readonly ErrorItem[];
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.status = ERROR_STATUS[code];
    this.items = [errorItem(code, message)];
    this.headers = headers;
  }

  /** A failure answered with an HTTP status other than its code's (405 wrong method, 408 too slow). */
  static withStatus(code: ErrorCode, message: string, status: number, headers: Record<string, string> = {}): ServiceFailure {
    const failure = new ServiceFailure(code, message, headers);
    Object.assign(failure, { status });
    return failure;
  }

  /** Several problems at once, e.g. every field of a request that failed validation. */
  static many(items: readonly ErrorItem[], status = 400): ServiceFailure {
    const first = items[0];
    if (first === undefined) throw new Error('a failure needs at least one error item');
    const failure = new ServiceFailure(first.code as ErrorCode, first.message);
    Object.assign(failure, { items, status });
    return failure;
  }

  get envelope(): ErrorEnvelope {
    return { success: false, errors: [...this.items] };
  }
}

/**
 * Error items for schema issues. A value of the wrong JSON type is `InvalidRequest` (the
 * request's format is wrong); a missing or unacceptable value is the operation's own code,
 * `InvalidAddress` when it sits in an address.
 */
export function issuesToItems(issues: readonly FieldIssue[], domainCode: ErrorCode): ErrorItem[] {
  return issues.map((issue) => {
    if (issue.kind === 'type' || issue.field === '') return errorItem('InvalidRequest', issue.message);
    const inAddress = /^(shipTo|shipFrom|address|billingAddress)(\.|$)/.test(issue.field);
    return errorItem(inAddress ? 'InvalidAddress' : domainCode, issue.message);
  });
}
