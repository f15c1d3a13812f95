/**
 * Where the station keeps secrets (API keys, client secrets, passwords): encrypted at rest, in
 * the main process only. Two implementations share this interface: Electron's safeStorage (the
 * OS keychain's key) in the app, and an encrypted 0600 file under plain Node (web host, tests).
 * Nothing outside the main process can read a secret back: the station API can set or clear one
 * and ask whether it is set.
 */

export class VaultError extends Error {
  override name = 'VaultError';
}

export interface Vault {
  /** How the secrets are protected, for the admin's screen ("OS keychain (gnome-libsecret)", "encrypted file"…). */
  readonly protection: string;
  /**
   * True when this machine can only keep secrets in a form anyone with the file can read (safeStorage's
   * "basic_text" backend on Linux without a keyring). `set` then refuses unless `allowPlainText` is given.
   */
  readonly plainTextOnly: boolean;
  set(name: string, secret: string, options?: { allowPlainText?: boolean }): Promise<void>;
  /** The secret, for the main process's own use (signing in); undefined when none is stored. */
  get(name: string): Promise<string | undefined>;
  has(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
}
