import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FILE_VAULT_KEY, FILE_VAULT_SECRETS, FileVault, VaultError } from '../../../electron/platform/vault';
import { modeOf, secretAppearsIn, tempDir } from './support';

const SECRET = 'sk_live_4eC39HqLyjWDarjtT1zdp7dc';

interface StoredRecord { name: string; iv: string; tag: string; data: string }
interface StoredDoc { keyId: string; secrets: StoredRecord[] }

function readDoc(dir: string): StoredDoc {
  return JSON.parse(readFileSync(path.join(dir, FILE_VAULT_SECRETS), 'utf8')) as StoredDoc;
}

function writeDoc(dir: string, doc: StoredDoc): void {
  writeFileSync(path.join(dir, FILE_VAULT_SECRETS), JSON.stringify(doc));
}

async function vaultWith(secrets: Record<string, string>): Promise<{ dir: string; vault: FileVault }> {
  const dir = path.join(tempDir(), 'vault');
  const vault = await FileVault.open(dir);
  for (const [name, secret] of Object.entries(secrets)) await vault.set(name, secret);
  return { dir, vault };
}

describe('FileVault', () => {
  it('keeps, replaces and forgets secrets, across reopening', async () => {
    const { dir, vault } = await vaultWith({ 'profile:acme-1a2b3c': SECRET, 'profile:other': 'pässwörd ✓ 🔑' });
    expect(await vault.get('profile:acme-1a2b3c')).toBe(SECRET);
    expect(await vault.has('profile:other')).toBe(true);
    expect(await vault.get('profile:none')).toBeUndefined();
    expect(await vault.has('profile:none')).toBe(false);

    const reopened = await FileVault.open(dir);
    expect(await reopened.get('profile:other')).toBe('pässwörd ✓ 🔑');
    await reopened.set('profile:acme-1a2b3c', 'replaced');
    await reopened.delete('profile:other');
    await reopened.delete('profile:never-set');
    expect(await vault.get('profile:acme-1a2b3c')).toBe('replaced');
    expect(await vault.has('profile:other')).toBe(false);
  });

  it('says how it protects secrets and never asks for plain text', async () => {
    const { vault } = await vaultWith({});
    expect(vault.protection).toBe('encrypted file (key in vault.key)');
    expect(vault.plainTextOnly).toBe(false);
  });

  it('creates its folder 0700 and both files 0600', async () => {
    const { dir } = await vaultWith({ 'profile:a': SECRET });
    expect(modeOf(dir)).toBe(0o700);
    expect(readdirSync(dir).sort()).toEqual([FILE_VAULT_SECRETS, FILE_VAULT_KEY].sort());
    expect(modeOf(path.join(dir, FILE_VAULT_KEY))).toBe(0o600);
    expect(modeOf(path.join(dir, FILE_VAULT_SECRETS))).toBe(0o600);
    expect(readFileSync(path.join(dir, FILE_VAULT_KEY))).toHaveLength(32);
  });

  it('puts a key file made readable to others back to 0600 when it opens', async () => {
    const { dir } = await vaultWith({ 'profile:a': SECRET });
    chmodSync(path.join(dir, FILE_VAULT_KEY), 0o644);
    expect(await (await FileVault.open(dir)).get('profile:a')).toBe(SECRET);
    expect(modeOf(path.join(dir, FILE_VAULT_KEY))).toBe(0o600);
  });

  it('never writes a secret in plain text, and gives each record its own IV', async () => {
    const { dir } = await vaultWith({ 'profile:a': SECRET, 'profile:b': SECRET });
    expect(secretAppearsIn(dir, SECRET)).toEqual([]);
    const [a, b] = readDoc(dir).secrets;
    expect(a?.iv).not.toBe(b?.iv);
    expect(a?.data).not.toBe(b?.data);
    expect(Buffer.from(a?.iv ?? '', 'base64')).toHaveLength(12);
  });

  it('saves concurrent changes one after another, losing none and leaving no temporary file', async () => {
    const { dir, vault } = await vaultWith({});
    const names = Array.from({ length: 25 }, (_, n) => `profile:p${n}`);
    await Promise.all(names.map((name) => vault.set(name, `secret-${name}`)));
    await Promise.all(names.slice(0, 5).map((name) => vault.delete(name)));
    for (const name of names.slice(5)) expect(await vault.get(name)).toBe(`secret-${name}`);
    for (const name of names.slice(0, 5)) expect(await vault.has(name)).toBe(false);
    expect(readdirSync(dir).sort()).toEqual([FILE_VAULT_SECRETS, FILE_VAULT_KEY].sort());
  });

  it('refuses names outside the rule and empty secrets', async () => {
    const { vault } = await vaultWith({});
    for (const name of ['', 'Profile:A', 'profile a', 'a/b', 'x'.repeat(81)]) {
      await expect(vault.set(name, 'secret')).rejects.toThrow(VaultError);
      await expect(vault.get(name)).rejects.toThrow(/a secret name must be 1 to 80 lower-case letters/);
    }
    await expect(vault.set('profile:a', '')).rejects.toThrow('the secret for profile:a must not be empty');
    // Names that are also Object.prototype's keys stay ordinary names.
    await vault.set('__proto__', 'p');
    await vault.set('constructor', 'c');
    expect(await vault.get('__proto__')).toBe('p');
    expect(await vault.get('constructor')).toBe('c');
    expect(await vault.has('tostring')).toBe(false);
  });

  it('refuses to open with a key that is not the one the secrets were written with', async () => {
    const { dir } = await vaultWith({ 'profile:a': SECRET });
    writeFileSync(path.join(dir, FILE_VAULT_KEY), randomBytes(32));
    const opening = FileVault.open(dir);
    await expect(opening).rejects.toThrow(VaultError);
    await expect(opening).rejects.toThrow(/was written with a different key than .*vault\.key: put back the vault\.key that belongs with it/);
  });

  it('refuses to open with a missing or damaged key while secrets exist, instead of making a new key', async () => {
    const { dir } = await vaultWith({ 'profile:a': SECRET });
    const keyFile = path.join(dir, FILE_VAULT_KEY);
    const key = readFileSync(keyFile);
    writeFileSync(keyFile, key.subarray(0, 20));
    await expect(FileVault.open(dir)).rejects.toThrow(/vault\.key is damaged \(20 bytes, a key has 32\)/);
    rmSync(keyFile);
    await expect(FileVault.open(dir)).rejects.toThrow(/vault\.key is missing but .*secrets\.json holds 1 secret\(s\): restore vault\.key/);
    expect(existsSync(keyFile)).toBe(false);
    writeFileSync(keyFile, key);
    expect(await (await FileVault.open(dir)).get('profile:a')).toBe(SECRET);
  });

  it('a changed record is a VaultError naming it; the others still read and setting it again repairs it', async () => {
    const { dir, vault } = await vaultWith({ 'profile:a': SECRET, 'profile:b': 'other' });
    const doc = readDoc(dir);
    const record = doc.secrets.find((r) => r.name === 'profile:a');
    if (record === undefined) throw new Error('record missing');
    const data = Buffer.from(record.data, 'base64');
    data[0] = (data[0] ?? 0) ^ 1;
    record.data = data.toString('base64');
    writeDoc(dir, doc);

    await expect(vault.get('profile:a')).rejects.toThrow(VaultError);
    await expect(vault.get('profile:a')).rejects.toThrow(/the secret profile:a in .* was changed or damaged .*: set it again/);
    expect(await vault.get('profile:b')).toBe('other');
    await vault.set('profile:a', 'fresh');
    expect(await vault.get('profile:a')).toBe('fresh');
  });

  it('a record copied under another name does not decrypt', async () => {
    const { dir, vault } = await vaultWith({ 'profile:a': SECRET, 'profile:b': 'other' });
    const doc = readDoc(dir);
    const a = doc.secrets.find((r) => r.name === 'profile:a');
    if (a === undefined) throw new Error('record missing');
    doc.secrets = [a, { ...a, name: 'profile:b' }];
    writeDoc(dir, doc);
    await expect(vault.get('profile:b')).rejects.toThrow(/the secret profile:b .* was changed or damaged/);
  });

  it('a damaged secrets file is a VaultError that says what to do, at opening and afterwards', async () => {
    const { dir, vault } = await vaultWith({ 'profile:a': SECRET });
    const file = path.join(dir, FILE_VAULT_SECRETS);
    writeFileSync(file, '{"format":"packbench-file-vault","version":1,"keyId":');
    await expect(FileVault.open(dir)).rejects.toThrow(/secrets\.json is damaged \(it is not valid JSON\): restore .* from a backup, or move it aside and set the connection secrets again/);
    await expect(vault.get('profile:a')).rejects.toThrow(VaultError);
    await expect(vault.set('profile:b', 'x')).rejects.toThrow(/is damaged/);

    writeFileSync(file, JSON.stringify({ format: 'packbench-file-vault', version: 1, keyId: '0123456789abcdef', secrets: [{ name: 'profile:a', iv: 'not base64!', tag: '', data: '' }] }));
    await expect(vault.has('profile:a')).rejects.toThrow(/is damaged or not a vault file \(secrets\[0\]\.iv/);
    writeFileSync(file, JSON.stringify({ something: 'else' }));
    await expect(FileVault.open(dir)).rejects.toThrow(/is damaged or not a vault file/);
  });

  it('a vault file moved aside starts empty with the same key', async () => {
    const { dir } = await vaultWith({ 'profile:a': SECRET });
    renameSync(path.join(dir, FILE_VAULT_SECRETS), path.join(dir, 'secrets.json.old'));
    const vault = await FileVault.open(dir);
    expect(await vault.has('profile:a')).toBe(false);
    await vault.set('profile:a', 'again');
    expect(await vault.get('profile:a')).toBe('again');
  });

  it('two processes opening a fresh folder at once agree on one key', async () => {
    const dir = path.join(tempDir(), 'vault');
    const [first, second] = await Promise.all([FileVault.open(dir), FileVault.open(dir)]);
    await first.set('profile:a', SECRET);
    expect(await second.get('profile:a')).toBe(SECRET);
  });
});
