/**
 * CSV text into records as it streams in, a piece at a time: fields between a one-character
 * delimiter, records ended by LF, CRLF or CR, a field in double quotes may hold delimiters, line ends
 * and doubled quotes (`""`). Lenient where spreadsheets are: a quote inside an unquoted field is
 * kept as it is, text after a closing quote joins the field, records may have any number of fields.
 *
 * Written here because the parsers at hand are wrong for a big file from outside: papaparse parses
 * a stream again from the start of an unfinished row at each piece (a quote left open costs time
 * that grows with the square of the file) and never bounds a row, and csv-parse builds an error
 * object (a JSON copy of its options) for every row whose length differs from the header's, which
 * made a file of short rows take minutes. Here each character is looked at once, and a row longer
 * than `maxRecordChars` stops the reading: memory stays within a row and a piece.
 */

/** Why the text is not a table: a row past the bound, or a quoted field still open at the end. */
export class CsvShapeError extends Error {
  override name = 'CsvShapeError';
  constructor(readonly kind: 'rowTooLong' | 'quoteNotClosed') {
    super(kind === 'rowTooLong' ? 'a row is longer than the bound' : 'a quoted field is never closed');
  }
}

const QUOTE = 0x22;
const LF = 0x0a;
const CR = 0x0d;

/** Where the text stands: at a field's start, in an unquoted or a quoted field, or just after a quote in a quoted one (it closes the field, or a second follows: an escaped quote). */
const State = { FieldStart: 0, Unquoted: 1, Quoted: 2, QuoteInQuoted: 3 } as const;
type State = (typeof State)[keyof typeof State];

export class CsvRecords {
  private readonly delimiter: number;
  private state: State = State.FieldStart;
  private record: string[] = [];
  /** The current field's text carried from earlier pieces (or before an escaped quote). */
  private field = '';
  /** The characters of the current record's finished fields. */
  private recordChars = 0;
  /** The last piece ended with CR: an LF starting this one belongs to that line end. */
  private afterCr = false;

  constructor(
    delimiter: string,
    private readonly maxRecordChars: number,
  ) {
    if (delimiter.length !== 1) throw new Error('the delimiter must be one character');
    this.delimiter = delimiter.charCodeAt(0);
  }

  /** Parses one piece of text; the records it finished are added to `out`. */
  push(text: string, out: string[][]): void {
    const delimiter = this.delimiter;
    let start = 0;
    let i = 0;
    if (this.afterCr) {
      this.afterCr = false;
      if (text.charCodeAt(0) === LF) start = i = 1;
    }
    for (; i < text.length; i += 1) {
      const c = text.charCodeAt(i);
      switch (this.state) {
        case State.FieldStart:
          if (c === QUOTE) {
            this.state = State.Quoted;
            start = i + 1;
            continue;
          }
          // This character is the unquoted field's first: look at it again as such.
          this.state = State.Unquoted;
          start = i;
          i -= 1;
          continue;
        case State.Unquoted:
          if (c === delimiter) {
            this.endField(text.slice(start, i));
          } else if (c === LF || c === CR) {
            this.endField(text.slice(start, i));
            this.endRecord(out);
            i = this.lineEnd(text, i);
          }
          continue;
        case State.Quoted:
          if (c === QUOTE) {
            this.field += text.slice(start, i);
            this.state = State.QuoteInQuoted;
          }
          continue;
        case State.QuoteInQuoted:
          if (c === QUOTE) {
            this.field += '"';
            this.state = State.Quoted;
            start = i + 1;
          } else if (c === delimiter) {
            this.endField('');
          } else if (c === LF || c === CR) {
            this.endField('');
            this.endRecord(out);
            i = this.lineEnd(text, i);
          } else {
            // Text after a closing quote joins the field, as spreadsheets read it.
            this.state = State.Unquoted;
            start = i;
          }
          continue;
      }
    }
    if (this.state === State.Unquoted || this.state === State.Quoted) this.field += text.slice(start);
    if (this.recordChars + this.field.length > this.maxRecordChars) throw new CsvShapeError('rowTooLong');
  }

  /** The text has ended: the last record, if it had no line end, is added to `out`. */
  end(out: string[][]): void {
    if (this.state === State.Quoted) throw new CsvShapeError('quoteNotClosed');
    if (this.state !== State.FieldStart || this.record.length > 0) {
      this.endField('');
      this.endRecord(out);
    }
  }

  /** Where the line end at `i` ends: a CR followed by an LF is one line end, and the LF may start the next piece. */
  private lineEnd(text: string, i: number): number {
    if (text.charCodeAt(i) !== CR) return i;
    if (i + 1 === text.length) {
      this.afterCr = true;
      return i;
    }
    return text.charCodeAt(i + 1) === LF ? i + 1 : i;
  }

  private endField(tail: string): void {
    const value = this.field + tail;
    this.record.push(value);
    this.recordChars += value.length;
    this.field = '';
    this.state = State.FieldStart;
  }

  private endRecord(out: string[][]): void {
    if (this.recordChars > this.maxRecordChars) throw new CsvShapeError('rowTooLong');
    out.push(this.record);
    this.record = [];
    this.recordChars = 0;
    this.state = State.FieldStart;
  }
}
