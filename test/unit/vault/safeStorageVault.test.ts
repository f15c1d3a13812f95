/**
 * The desktop app's vault, driven through a stand-in for Electron's safeStorage: the Electron
 * binary cannot run on this machine, so the four safeStorage calls are played by a small object
 * that encrypts with AES-GCM under its own key, as a user's keychain would, and can be switched
 * to "no keyring" (basic_text) or "no encryption at all". Everything else is real: files, modes,
 * atomic writes. Only `import type` from 'electron' here, never the module itself.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SafeStorageCalls } from '../../../electron/shell/safeStorageVault';
import { SafeStorageVault } from '../../../electron/shell/safeStorageVault';
import { VaultError } from '../../../electron/platform/vault';
import { modeOf, secretAppearsIn, tempDir } from './support';

type Backend = ReturnType<SafeStorageCalls['getSelectedStorageBackend']>;

/** A keychain of one user: what it encrypts only it can decrypt. */
class StandInSafeStorage implements SafeStorageCalls {
  available = true;
  backend: Backend = 'gnome_libsecret';
  backendAsked = 0;
  private readonly key = randomBytes(32);

  encryptString(plainText: string): Buffer {
    if (!this.available) throw new Error('Error while encrypting the text provided to safeStorage.encryptString. Encryption is not available.');
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plainText, 'utf8'), cipher.final()]);
    return Buffer.concat([Buffer.from('v11'), iv, cipher.getAuthTag(), data]);
  }

  decryptString(encrypted: Buffer): string {
    const decipher = createDecipheriv('aes-256-gcm', this.key, encrypted.subarray(3, 15));
    decipher.setAuthTag(encrypted.subarray(15, 31));
    return Buffer.concat([decipher.update(encrypted.subarray(31)), decipher.final()]).toString('utf8');
  }

  isEncryptionAvailable(): boolean {
    return this.available;
  }

  getSelectedStorageBackend(): Backend {
    this.backendAsked += 1;
    return this.backend;
  }
}

const SECRET = 'client-secret-9f8e7d6c5b4a';

function setup(platform: NodeJS.Platform = 'linux'): { dir: string; file: string; keychain: StandInSafeStorage; vault: SafeStorageVault } {
  const dir = tempDir();
  const file = path.join(dir, 'data', 'secrets.safestorage.json');
  const keychain = new StandInSafeStorage();
  return { dir, file, keychain, vault: new SafeStorageVault({ file, safeStorage: keychain, platform }) };
}

describe('SafeStorageVault', () => {
  it('keeps, replaces and forgets secrets through the keychain, in a 0600 file without the secret in it', async () => {
    const { dir, file, keychain, vault } = setup();
    await vault.set('profile:a', SECRET);
    await vault.set('profile:b', 'second ✓');
    expect(await vault.get('profile:a')).toBe(SECRET);
    expect(await vault.has('profile:b')).toBe(true);
    await vault.set('profile:b', 'replaced');
    await vault.delete('profile:a');
    const reopened = new SafeStorageVault({ file, safeStorage: keychain, platform: 'linux' });
    expect(await reopened.get('profile:b')).toBe('replaced');
    expect(await reopened.has('profile:a')).toBe(false);
    expect(await reopened.get('profile:none')).toBeUndefined();

    expect(modeOf(file)).toBe(0o600);
    expect(modeOf(path.dirname(file))).toBe(0o700);
    expect(secretAppearsIn(dir, SECRET)).toEqual([]);
    expect(secretAppearsIn(dir, 'replaced')).toEqual([]);
    expect(readdirSync(path.dirname(file))).toEqual(['secrets.safestorage.json']);
  });

  it('names the backend it uses', () => {
    const { keychain, vault } = setup('linux');
    expect(vault.protection).toBe('OS keychain (gnome_libsecret)');
    expect(vault.plainTextOnly).toBe(false);
    keychain.backend = 'kwallet6';
    expect(vault.protection).toBe('OS keychain (kwallet6)');

    const mac = setup('darwin');
    expect(mac.vault.protection).toBe('OS keychain (macOS Keychain)');
    expect(mac.vault.plainTextOnly).toBe(false);
    // The call exists only on Linux: elsewhere it is never made.
    expect(mac.keychain.backendAsked).toBe(0);
    expect(setup('win32').vault.protection).toBe('OS keychain (Windows DPAPI)');
  });

  it('on Linux without a keyring (basic_text) refuses to store unless plain text is accepted', async () => {
    const { file, keychain, vault } = setup('linux');
    keychain.backend = 'basic_text';
    expect(vault.plainTextOnly).toBe(true);
    expect(vault.protection).toMatch(/^plain text \(no keychain/);
    const refused = vault.set('profile:a', SECRET);
    await expect(refused).rejects.toThrow(VaultError);
    await expect(refused).rejects.toThrow(/^this machine has no keychain: secrets would be stored in plain text .*an admin can accept that explicitly/);
    expect(await vault.has('profile:a')).toBe(false);
    expect(() => readFileSync(file)).toThrow(/ENOENT/);

    await vault.set('profile:a', SECRET, { allowPlainText: true });
    expect(await vault.get('profile:a')).toBe(SECRET);
  });

  it('with no encryption at all refuses, and keeps an accepted secret as it is', async () => {
    const { keychain, vault } = setup('darwin');
    keychain.available = false;
    expect(vault.plainTextOnly).toBe(true);
    expect(vault.protection).toMatch(/^none/);
    await expect(vault.set('profile:a', SECRET)).rejects.toThrow(/this machine has no keychain/);
    await vault.set('profile:a', SECRET, { allowPlainText: true });
    expect(await vault.get('profile:a')).toBe(SECRET);
  });

  it('a secret written through the keychain is a VaultError when the keychain is locked, and readable once it is back', async () => {
    const { keychain, vault } = setup();
    await vault.set('profile:a', SECRET);
    keychain.available = false;
    await expect(vault.get('profile:a')).rejects.toThrow(/the OS keychain that protects the secret profile:a is not available now \(OS keychain \(gnome_libsecret\)\): unlock it/);
    keychain.available = true;
    expect(await vault.get('profile:a')).toBe(SECRET);
  });

  it("another user's keychain cannot decrypt the file: a VaultError says to set the secret again", async () => {
    const { file, vault } = setup();
    await vault.set('profile:a', SECRET);
    const stranger = new SafeStorageVault({ file, safeStorage: new StandInSafeStorage(), platform: 'linux' });
    await expect(stranger.get('profile:a')).rejects.toThrow(VaultError);
    await expect(stranger.get('profile:a')).rejects.toThrow(/cannot be decrypted by this user's keychain .*: set the secret again/);
  });

  it('a damaged file is a VaultError that says what to do', async () => {
    const { file, vault } = setup();
    await vault.set('profile:a', SECRET);
    writeFileSync(file, '{ broken');
    await expect(vault.get('profile:a')).rejects.toThrow(/is damaged \(it is not valid JSON\): restore .* or move it aside and set the connection secrets again/);
    writeFileSync(file, JSON.stringify({ format: 'packbench-safe-storage-vault', version: 1, secrets: [{ name: 'profile:a', encoding: 'rot13', data: '', protection: '' }] }));
    await expect(vault.has('profile:a')).rejects.toThrow(/is damaged or not a vault file/);
  });

  it('refuses badly formed names and saves concurrent changes without losing one', async () => {
    const { file, vault } = setup();
    await expect(vault.set('Profile A', SECRET)).rejects.toThrow(/a secret name must be/);
    const names = Array.from({ length: 20 }, (_, n) => `profile:p${n}`);
    await Promise.all(names.map((name) => vault.set(name, `s-${name}`)));
    for (const name of names) expect(await vault.get(name)).toBe(`s-${name}`);
    expect(readdirSync(path.dirname(file))).toEqual(['secrets.safestorage.json']);
  });
});
