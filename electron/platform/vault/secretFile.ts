/**
 * What both vaults share: the rule for secret names, and one JSON file of named records that is
 * read whole, checked against its schema, changed one operation at a time and written back
 * atomically with mode 0600. Each vault decides what a record holds (AES-GCM pieces, or
 * safeStorage output) and how it is decrypted.
 *
 * Records are kept as an array of `{ name, ... }` rather than an object keyed by name, so a
 * name such as `__proto__` or `constructor` can never reach an object's prototype.
 */
import { readFile } from 'node:fs/promises';
import * as z from 'zod';
import { describeIssues } from '../../base/issues';
import { writePrivateFile } from '../privateFiles';
import { VaultError } from './vault';
import { messageOf } from '../../base/errors';

/** Names such as `profile:acme-prod-3f9a2c`: short, lower case, safe in any log line or file. */
export const SECRET_NAME = /^[a-z0-9:._-]{1,80}$/;
export const MAX_SECRET_LENGTH = 64 * 1024;

export function checkSecretName(name: string): void {
  if (typeof name !== 'string' || !SECRET_NAME.test(name)) {
    throw new VaultError(`a secret name must be 1 to 80 lower-case letters, digits, ":", ".", "_" or "-" (got ${JSON.stringify(String(name).slice(0, 100))})`);
  }
}

export function checkSecretValue(name: string, secret: string): void {
  if (typeof secret !== 'string' || secret.length === 0) throw new VaultError(`the secret for ${name} must not be empty: clear it instead`);
  if (secret.length > MAX_SECRET_LENGTH) throw new VaultError(`the secret for ${name} is longer than ${MAX_SECRET_LENGTH} characters`);
}

/** The file's shape: a format tag and version (so another program's JSON is never mistaken for a vault), the records, and whatever else the vault keeps. */
export function secretDocumentSchema<Shape extends z.ZodRawShape, Item extends z.ZodType<{ name: string }>>(format: string, extra: Shape, record: Item) {
  return z.object({
    format: z.literal(format),
    version: z.literal(1),
    ...extra,
    secrets: z.array(record).refine((records) => new Set(records.map((r) => r.name)).size === records.length, 'names a secret twice'),
  });
}

export const SecretNameField = z.string().regex(SECRET_NAME);

/** How to repair a damaged vault file, said the same way by both vaults. */
export function damagedFileAdvice(file: string): string {
  return `restore ${file} from a backup, or move it aside and set the connection secrets again`;
}

export class SecretFile<Doc extends { secrets: Array<{ name: string }> }> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly file: string,
    private readonly schema: z.ZodType<Doc>,
    private readonly empty: () => Doc,
  ) {}

  /** The document as stored; an empty one when the file does not exist yet. A damaged file is a VaultError, never a guess. */
  async read(): Promise<Doc> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return this.empty();
      throw new VaultError(`cannot read ${this.file}: ${messageOf(error)}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new VaultError(`${this.file} is damaged (it is not valid JSON): ${damagedFileAdvice(this.file)}`);
    }
    const parsed = this.schema.safeParse(json);
    if (!parsed.success) {
      const first = describeIssues(parsed.error)[0];
      const where = first === undefined ? '' : ` (${first.message})`;
      throw new VaultError(`${this.file} is damaged or not a vault file${where}: ${damagedFileAdvice(this.file)}`);
    }
    return parsed.data;
  }

  async write(doc: Doc): Promise<void> {
    await writePrivateFile(this.file, `${JSON.stringify(doc, null, 2)}\n`);
  }

  /**
   * Runs `work` after every earlier one on this file has finished, so two quick changes
   * (two secrets saved at once) cannot both read the old file and lose one of them.
   */
  serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  find(doc: Doc, name: string): Doc['secrets'][number] | undefined {
    return doc.secrets.find((record) => record.name === name);
  }

  /** Replaces (or adds) the record named `record.name` and writes the file. */
  async put(doc: Doc, record: Doc['secrets'][number]): Promise<void> {
    await this.write({ ...doc, secrets: [...doc.secrets.filter((r) => r.name !== record.name), record] });
  }

  /** Removes the record named `name`; writes only when there was one. */
  async remove(doc: Doc, name: string): Promise<void> {
    if (this.find(doc, name) === undefined) return;
    await this.write({ ...doc, secrets: doc.secrets.filter((r) => r.name !== name) });
  }

  /** Whether a secret of this name is stored (the name checked first). */
  async has(name: string): Promise<boolean> {
    checkSecretName(name);
    return await this.serial(async () => this.find(await this.read(), name) !== undefined);
  }

  /** Removes the secret of this name, if there is one (the name checked first). */
  async delete(name: string): Promise<void> {
    checkSecretName(name);
    await this.serial(async () => this.remove(await this.read(), name));
  }
}
