import { describe, expect, it } from 'vitest';
import { ippHost } from '../../../electron/platform/printers/cups/backend';
import {
  jobStateFromIpp,
  listsJob,
  numericJobId,
  parseAccepting,
  parseDevices,
  parseIppAttributes,
  parsePrinterStatus,
  parseRequestId,
} from '../../../electron/platform/printers/cups/parse';

// Text as CUPS 2.4 prints it in the C locale (captured from a private cupsd).
const LPSTAT_P_D = [
  'printer dead now printing dead-1.  enabled since Sun Nov 22 03:23:06 2026',
  '\tThe printer may not exist or is unavailable at this time.',
  'printer rej is idle.  enabled since Sun Nov 22 03:23:06 2026',
  '\tfull',
  'printer stopped disabled since Sun Nov 22 03:23:06 2026 -',
  '\tmaint now',
  'printer label;$(id)&x|y is idle.  enabled since Sun Nov 22 03:23:06 2026',
  'system default destination: stopped',
  '',
].join('\n');

describe('CUPS text parsers', () => {
  it('reads the request id lp prints', () => {
    expect(parseRequestId('request id is label4x6-123 (1 file(s))\n')).toBe('label4x6-123');
    expect(parseRequestId('lp: Error - no such file\n')).toBeUndefined();
  });

  it('reads printer states, messages, the job being printed and the default from lpstat -p -d', () => {
    const parsed = parsePrinterStatus(LPSTAT_P_D);
    expect(parsed.defaultPrinter).toBe('stopped');
    expect(parsed.printers).toEqual([
      { name: 'dead', state: 'printing', activeJob: 'dead-1', message: 'The printer may not exist or is unavailable at this time.' },
      { name: 'rej', state: 'idle', message: 'full' },
      { name: 'stopped', state: 'stopped', message: 'maint now' },
      { name: 'label;$(id)&x|y', state: 'idle' },
    ]);
    expect(parsePrinterStatus('printer a is idle.  enabled since x\nno system default destination\n').defaultPrinter).toBeUndefined();
  });

  it('reads acceptance from lpstat -a and device URIs from lpstat -v, restoring file: URIs', () => {
    const accepting = parseAccepting('dead accepting requests since Sun\nrej not accepting requests since Sun -\n\tfull\n');
    expect([...accepting]).toEqual([['dead', true], ['rej', false]]);
    const devices = parseDevices('device for dead: socket://127.0.0.1:9\ndevice for rej: ///dev/null\n');
    expect([...devices]).toEqual([['dead', 'socket://127.0.0.1:9'], ['rej', 'file:///dev/null']]);
  });

  it('takes the response attributes from ipptool -tv, not the request ones', () => {
    const out = [
      '    Get-Job-Attributes:',
      '        job-uri (uri) = ipp://127.0.0.1:6399/jobs/1',
      '    Get job info with get-job-attributes                                 [PASS]',
      '        status-code = successful-ok (successful-ok)',
      '        job-uri (uri) = ipp://localhost:6399/jobs/1',
      '        job-state (enum) = processing',
      '        job-state-reasons (keyword) = job-printing',
      '',
    ].join('\n');
    const attributes = parseIppAttributes(out);
    expect(attributes.get('status-code')).toBe('successful-ok');
    expect(attributes.get('job-uri')).toBe('ipp://localhost:6399/jobs/1');
    expect(jobStateFromIpp(attributes.get('job-state'))).toBe('processing');
    expect(jobStateFromIpp('pending-held')).toBe('held');
    expect(jobStateFromIpp('processing-stopped')).toBe('stopped');
    expect(jobStateFromIpp('something-new')).toBe('unknown');
  });

  it('reads a queue that holds new jobs (cupsdisable --hold) as idle, not as missing', () => {
    const parsed = parsePrinterStatus('printer held is holding new jobs.  enabled since Tue Nov 24 03:29:09 2026\nprinter b is idle.  enabled since x\n');
    expect(parsed.printers).toEqual([
      { name: 'held', state: 'idle' },
      { name: 'b', state: 'idle' },
    ]);
  });

  it('takes off the backslashes ipptool puts before \\, " and [ in values', () => {
    // As ipptool 2.4 printed a reason given as: say "hi", [x] \ y
    const attributes = parseIppAttributes('        printer-state-message (textWithoutLanguage) = say \\"hi\\", \\[x] \\\\ y\n');
    expect(attributes.get('printer-state-message')).toBe('say "hi", [x] \\ y');
  });

  it('finds job ids in lpstat -o output and their numbers', () => {
    expect(listsJob('dead-1                  root   1024   Sun Nov 22\ndead-12  root 1 x\n', 'dead-12')).toBe(true);
    expect(listsJob('dead-12  root 1 x\n', 'dead-1')).toBe(false);
    expect(numericJobId('label;$(id)&x|y-42')).toBe(42);
    expect(numericJobId('17')).toBe(17);
    expect(numericJobId('label')).toBeUndefined();
  });

  it('turns CUPS_SERVER into an IPP host', () => {
    expect(ippHost(undefined)).toBe('localhost');
    expect(ippHost('127.0.0.1:6310')).toBe('127.0.0.1:6310');
    expect(ippHost('print.example:631/version=1.1')).toBe('print.example:631');
    expect(ippHost('/run/cups/cups.sock')).toBe('%2Frun%2Fcups%2Fcups.sock');
  });
});
