/**
 * The vault of the desktop app: each secret is encrypted with Electron's safeStorage, whose key
 * the OS keychain holds for this user (Keychain on macOS, DPAPI on Windows, the Secret Service
 * or KWallet on Linux), and the encrypted bytes are kept base64 in one JSON file (0600, written
 * atomically). A copy of that file is useless on another machine or to another user.
 *
 * On a Linux desk without a keyring, safeStorage falls back to "basic_text": a key built into
 * Chromium, which anyone can undo. The vault says so (`plainTextOnly`) and refuses to store a
 * secret there unless an admin accepts it explicitly; the same when no encryption is available
 * at all, where an accepted secret is stored as it is.
 *
 * safeStorage is passed in (only its four calls are used) so this runs and is tested under
 * plain Node; `openSafeStorageVault` wires Electron's own, and only the Electron shell calls it,
 * after the app's `ready` event (before it, Linux reports no encryption).
 */
import path from 'node:path';
import type { SafeStorage } from 'electron';
import * as z from 'zod';
import { ensurePrivateDir } from '../platform/privateFiles';
import { SecretFile, SecretNameField, checkSecretName, checkSecretValue, secretDocumentSchema } from '../platform/vault/secretFile';
import type { Vault } from '../platform/vault/vault';
import { VaultError } from '../platform/vault/vault';
import { messageOf } from '../base/errors';

export type SafeStorageCalls = Pick<SafeStorage, 'encryptString' | 'decryptString' | 'isEncryptionAvailable' | 'getSelectedStorageBackend'>;

export interface SafeStorageVaultOptions {
  /** The JSON file of encrypted secrets, e.g. `<userData>/secrets.safestorage.json`. */
  readonly file: string;
  readonly safeStorage: SafeStorageCalls;
  /** The OS, for the backend's name and the Linux-only checks; `process.platform` by default. */
  readonly platform?: NodeJS.Platform;
}

const FORMAT = 'packbench-safe-storage-vault';

const StoredSecret = z.object({
  name: SecretNameField,
  /** "safeStorage": encryptString's output; "plain": the secret itself, only ever after an admin accepted plain text. */
  encoding: z.enum(['safeStorage', 'plain']),
  data: z.base64(),
  /** Where it was protected when written, for the messages when it no longer decrypts. */
  protection: z.string().max(200),
});
type StoredSecret = z.output<typeof StoredSecret>;

const Document = secretDocumentSchema(FORMAT, {}, StoredSecret);
type Document = z.output<typeof Document>;

const PLATFORM_KEYCHAINS: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'OS keychain (macOS Keychain)',
  win32: 'OS keychain (Windows DPAPI)',
};

export class SafeStorageVault implements Vault {
  private readonly secrets: SecretFile<Document>;
  private readonly safeStorage: SafeStorageCalls;
  private readonly platform: NodeJS.Platform;

  constructor(options: SafeStorageVaultOptions) {
    this.safeStorage = options.safeStorage;
    this.platform = options.platform ?? process.platform;
    this.secrets = new SecretFile<Document>(options.file, Document, () => ({ format: FORMAT, version: 1, secrets: [] }));
  }

  /** Asked each time: the keyring can appear or go away while the app runs (a session unlocked later). */
  get plainTextOnly(): boolean {
    return !this.safeStorage.isEncryptionAvailable() || this.linuxBackend() === 'basic_text';
  }

  get protection(): string {
    if (!this.safeStorage.isEncryptionAvailable()) return 'none (no encryption is available on this machine: secrets would be kept in plain text)';
    const backend = this.linuxBackend();
    if (backend === 'basic_text') return 'plain text (no keychain on this machine: safeStorage basic_text)';
    if (backend !== undefined) return `OS keychain (${backend})`;
    return PLATFORM_KEYCHAINS[this.platform] ?? 'OS keychain';
  }

  /** Only Linux has a choice of backends (the call exists only there). */
  private linuxBackend(): ReturnType<SafeStorageCalls['getSelectedStorageBackend']> | undefined {
    return this.platform === 'linux' ? this.safeStorage.getSelectedStorageBackend() : undefined;
  }

  async set(name: string, secret: string, options: { allowPlainText?: boolean } = {}): Promise<void> {
    checkSecretName(name);
    checkSecretValue(name, secret);
    const protection = this.protection;
    if (this.plainTextOnly && options.allowPlainText !== true) {
      throw new VaultError(
        'this machine has no keychain: secrets would be stored in plain text that anyone who can read the app\'s data folder can read; ' +
          'an admin can accept that explicitly (allow plain text), or set up a keyring (GNOME Keyring or KWallet) and restart Packbench',
      );
    }
    const record: StoredSecret = this.safeStorage.isEncryptionAvailable()
      ? { name, encoding: 'safeStorage', data: this.encrypt(name, secret), protection }
      : { name, encoding: 'plain', data: Buffer.from(secret, 'utf8').toString('base64'), protection };
    await this.secrets.serial(async () => {
      const doc = await this.secrets.read();
      await ensurePrivateDir(path.dirname(this.secrets.file));
      await this.secrets.put(doc, record);
    });
  }

  async get(name: string): Promise<string | undefined> {
    checkSecretName(name);
    const record = await this.secrets.serial(async () => this.secrets.find(await this.secrets.read(), name));
    return record === undefined ? undefined : this.decrypt(record);
  }

  has(name: string): Promise<boolean> {
    return this.secrets.has(name);
  }

  delete(name: string): Promise<void> {
    return this.secrets.delete(name);
  }

  private encrypt(name: string, secret: string): string {
    try {
      return this.safeStorage.encryptString(secret).toString('base64');
    } catch (error) {
      throw new VaultError(`the OS keychain refused to encrypt the secret ${name} (${messageOf(error)}): unlock the keychain and try again`);
    }
  }

  private decrypt(record: StoredSecret): string {
    const data = Buffer.from(record.data, 'base64');
    if (record.encoding === 'plain') return data.toString('utf8');
    if (!this.safeStorage.isEncryptionAvailable()) {
      throw new VaultError(`the OS keychain that protects the secret ${record.name} is not available now (${record.protection}): unlock it or sign in to the desktop session, then try again`);
    }
    try {
      return this.safeStorage.decryptString(data);
    } catch {
      throw new VaultError(
        `the secret ${record.name} in ${this.secrets.file} cannot be decrypted by this user's keychain (it was written under ${record.protection}; ` +
          'the keychain was reset, or the file came from another user or computer): set the secret again',
      );
    }
  }
}

/** The app's vault with Electron's own safeStorage. Call it after `app.whenReady()`. */
export async function openSafeStorageVault(file: string): Promise<SafeStorageVault> {
  // Loaded here, not at the top, so the class above stays importable (and testable) without the Electron binary.
  const { safeStorage } = await import('electron');
  return new SafeStorageVault({ file, safeStorage });
}
