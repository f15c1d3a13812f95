import { describe, expect, it } from 'vitest';
import { PrintBackendError } from '../../../electron/platform/printers/backend';
import { outcomeOf, printJobRequest } from '../../../electron/platform/printers/cups/ippPrintJob';
import { GROUP, VALUE, decodeMessage } from '../../../electron/platform/printers/cups/ippWire';
import type { IppAttribute, IppMessage } from '../../../electron/platform/printers/cups/ippWire';

function answer(code: number, operation: IppAttribute[] = [], job: IppAttribute[] = []): IppMessage {
  return {
    version: [2, 0],
    code,
    requestId: 1,
    groups: [
      { tag: GROUP.operation, attributes: [{ name: 'attributes-charset', tag: VALUE.charset, values: ['utf-8'] }, ...operation] },
      ...(job.length > 0 ? [{ tag: GROUP.job, attributes: job }] : []),
    ],
  };
}

function refusal(message: IppMessage): PrintBackendError {
  try {
    outcomeOf('label4x6', message);
  } catch (error) {
    expect(error).toBeInstanceOf(PrintBackendError);
    return error as PrintBackendError;
  }
  throw new Error('accepted');
}

describe('Print-Job over IPP', () => {
  it('asks with the operation attributes in the order RFC 8011 requires, then the job attributes', () => {
    const request = decodeMessage(
      printJobRequest(
        { printer: 'label;$(id)&x|y', title: 'Packbench PB-1', copies: 3, options: { sides: 'one-sided' }, user: 'packer', document: new Uint8Array(1) },
        { kind: 'tcp', host: 'localhost', port: 631, version: [1, 1] },
      ),
    );
    expect(request.version).toEqual([1, 1]);
    expect(request.code).toBe(0x0002);
    const [operation, job] = request.groups;
    expect(operation?.attributes.map((a) => [a.name, a.values[0]])).toEqual([
      ['attributes-charset', 'utf-8'],
      ['attributes-natural-language', 'en'],
      ['printer-uri', 'ipp://localhost/printers/label%3B%24(id)%26x%7Cy'],
      ['requesting-user-name', 'packer'],
      ['job-name', 'Packbench PB-1'],
      ['document-format', 'application/pdf'],
    ]);
    expect(job?.tag).toBe(GROUP.job);
    expect(job?.attributes.map((a) => [a.name, a.values[0]])).toEqual([
      ['copies', 3],
      ['sides', 'one-sided'],
    ]);
  });

  it('maps the answer to the errors lp gives, and a job id as lp prints it', () => {
    expect(outcomeOf('label4x6', answer(0x0000, [], [{ name: 'job-id', tag: VALUE.integer, values: [31] }]))).toEqual({ jobId: 'label4x6-31' });
    expect(refusal(answer(0x0406))).toMatchObject({ kind: 'printerMissing', message: 'printer "label4x6" does not exist' });
    expect(refusal(answer(0x0506))).toMatchObject({ kind: 'rejecting', message: 'printer "label4x6" is not accepting jobs' });
    expect(refusal(answer(0x040a, [{ name: 'status-message', tag: VALUE.text, values: ['Unsupported document-format "application/pdf".'] }]))).toMatchObject({
      kind: 'failed',
      message: 'CUPS refused the job: Unsupported document-format "application/pdf".',
    });
    expect(refusal(answer(0x0507))).toMatchObject({ kind: 'failed', message: 'CUPS refused the job: server-error-busy' });
    expect(refusal(answer(0x0000))).toMatchObject({ kind: 'failed', message: 'CUPS accepted the job but gave no job id (status 0x0000)' });
    // Authentication is lp's to do.
    expect(outcomeOf('label4x6', answer(0x0402))).toEqual({ useLp: 'client-error-not-authenticated' });
  });
});
