/**
 * The vault under plain Node (the web host, tests, a desk without Electron): every secret is
 * encrypted with AES-256-GCM under a 32-byte random key kept in its own file, each record with
 * a fresh 12-byte IV and bound to its name (the name is the GCM additional data, so a record
 * copied under another name does not decrypt). Both files are 0600 in a 0700 folder.
 *
 * What this protects against: a copy of the secrets file alone (a backup, a support bundle, a
 * file synced somewhere) reveals nothing, and any change to it is detected. What it cannot do
 * is hide a secret from someone who can read both files as this user; the OS keychain vault
 * does better where there is a keychain.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { chmod, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import * as z from 'zod';
import { PRIVATE_FILE_MODE, ensurePrivateDir, writePrivateFile } from '../privateFiles';
import { SecretFile, SecretNameField, checkSecretName, checkSecretValue, damagedFileAdvice, secretDocumentSchema } from './secretFile';
import type { Vault } from './vault';
import { VaultError } from './vault';
import { messageOf } from '../../base/errors';

export const FILE_VAULT_SECRETS = 'secrets.json';
export const FILE_VAULT_KEY = 'vault.key';

const FORMAT = 'packbench-file-vault';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

const EncryptedRecord = z.object({
  name: SecretNameField,
  iv: z.base64(),
  tag: z.base64(),
  data: z.base64(),
});
type EncryptedRecord = z.output<typeof EncryptedRecord>;

const Document = secretDocumentSchema(FORMAT, { keyId: z.string().regex(/^[0-9a-f]{16}$/) }, EncryptedRecord);
type Document = z.output<typeof Document>;

/** A short fingerprint of the key, stored with the secrets, so a key file that does not belong to them is named as such. */
function keyIdOf(key: Buffer): string {
  return createHash('sha256').update('packbench file vault key id\0').update(key).digest('hex').slice(0, 16);
}

function additionalData(name: string): Buffer {
  return Buffer.from(`${FORMAT}/1:${name}`, 'utf8');
}

function errorCode(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

async function readKeyFile(keyFile: string): Promise<Buffer | undefined> {
  try {
    return await readFile(keyFile);
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return undefined;
    throw new VaultError(`cannot read the vault key ${keyFile}: ${messageOf(error)}`);
  }
}

/** A key file someone made readable to others is put back to 0600 (best effort: the owner may differ). */
async function tightenMode(file: string): Promise<void> {
  if (process.platform === 'win32') return;
  try {
    if (((await stat(file)).mode & 0o077) !== 0) await chmod(file, PRIVATE_FILE_MODE);
  } catch {
    // Reading still works; the admin's screen shows where the key is.
  }
}

export class FileVault implements Vault {
  readonly plainTextOnly = false;
  readonly protection = `encrypted file (key in ${FILE_VAULT_KEY})`;

  private constructor(
    private readonly secrets: SecretFile<Document>,
    private readonly keyFile: string,
    private readonly key: Buffer,
    private readonly keyId: string,
  ) {}

  /**
   * Opens the vault in `dir`, creating the folder (0700), a new key and an empty secrets file
   * the first time. Refuses, with what to do, a key that is missing, damaged or not the one
   * the stored secrets were written with: making a new key then would lose them silently.
   */
  static async open(dir: string): Promise<FileVault> {
    await ensurePrivateDir(dir);
    const keyFile = path.join(dir, FILE_VAULT_KEY);
    const secretsFile = path.join(dir, FILE_VAULT_SECRETS);
    let key = await readKeyFile(keyFile);
    const empty = (): Document => ({ format: FORMAT, version: 1, keyId: keyIdOf(key ?? Buffer.alloc(0)), secrets: [] });
    const file = new SecretFile<Document>(secretsFile, Document, empty);
    const stored = await file.read();

    if (key === undefined) {
      if (stored.secrets.length > 0) {
        throw new VaultError(
          `the vault key ${keyFile} is missing but ${secretsFile} holds ${stored.secrets.length} secret(s): restore ${FILE_VAULT_KEY} from the backup it was taken with, or move ${FILE_VAULT_SECRETS} aside and set the connection secrets again`,
        );
      }
      key = await FileVault.createKey(keyFile);
    }
    if (key.length !== KEY_BYTES) {
      throw new VaultError(`the vault key ${keyFile} is damaged (${key.length} bytes, a key has ${KEY_BYTES}): restore it from a backup, or move both ${FILE_VAULT_KEY} and ${FILE_VAULT_SECRETS} aside and set the connection secrets again`);
    }
    await tightenMode(keyFile);
    const keyId = keyIdOf(key);
    if (stored.secrets.length > 0 && stored.keyId !== keyId) {
      throw new VaultError(
        `${secretsFile} was written with a different key than ${keyFile}: put back the ${FILE_VAULT_KEY} that belongs with it, or move both files aside and set the connection secrets again`,
      );
    }
    if (stored.keyId !== keyId) await file.write({ ...stored, keyId });
    return new FileVault(file, keyFile, key, keyId);
  }

  /** A new random key, written so that two processes opening a fresh folder at once end up with the same one. */
  private static async createKey(keyFile: string): Promise<Buffer> {
    const key = randomBytes(KEY_BYTES);
    try {
      await writePrivateFile(keyFile, key, { exclusive: true });
      return key;
    } catch (error) {
      if (errorCode(error) !== 'EEXIST') throw error;
      const theirs = await readKeyFile(keyFile);
      if (theirs === undefined) throw new VaultError(`the vault key ${keyFile} appeared and vanished while opening: try again`);
      return theirs;
    }
  }

  async set(name: string, secret: string): Promise<void> {
    checkSecretName(name);
    checkSecretValue(name, secret);
    await this.secrets.serial(async () => {
      const doc = await this.secrets.read();
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(additionalData(name));
      const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
      const record: EncryptedRecord = { name, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
      await this.secrets.put({ ...doc, keyId: this.keyId }, record);
    });
  }

  async get(name: string): Promise<string | undefined> {
    checkSecretName(name);
    return await this.secrets.serial(async () => {
      const doc = await this.secrets.read();
      const record = this.secrets.find(doc, name);
      if (record === undefined) return undefined;
      if (doc.keyId !== this.keyId) {
        throw new VaultError(`${this.secrets.file} was replaced by one written with another key than ${this.keyFile}: ${damagedFileAdvice(this.secrets.file)}`);
      }
      return this.decrypt(record);
    });
  }

  has(name: string): Promise<boolean> {
    return this.secrets.has(name);
  }

  delete(name: string): Promise<void> {
    return this.secrets.delete(name);
  }

  private decrypt(record: EncryptedRecord): string {
    const iv = Buffer.from(record.iv, 'base64');
    const tag = Buffer.from(record.tag, 'base64');
    const broken = new VaultError(
      `the secret ${record.name} in ${this.secrets.file} was changed or damaged and cannot be decrypted: set it again (the other secrets are not affected)`,
    );
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw broken;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(additionalData(record.name));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(Buffer.from(record.data, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw broken;
    }
  }
}
