/** Where the station keeps secrets. The Electron shell adds a keychain-backed vault of its own (electron/shell/safeStorageVault.ts). */
export type { Vault } from './vault';
export { VaultError } from './vault';
export { FileVault, FILE_VAULT_KEY, FILE_VAULT_SECRETS } from './fileVault';
export { SECRET_NAME } from './secretFile';
