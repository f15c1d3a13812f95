/** Location records of the sandbox. */
import type { LocationCreate, LocationDetail, LocationListRecord } from '../../service/contract';
import type { SandboxDb } from './db';

export interface StoredLocation {
  readonly id: string;
  readonly record: LocationCreate & Record<string, unknown>;
  readonly deleted: boolean;
  readonly createdOn: string;
  readonly createdBy: string;
  readonly updatedBy: string;
}

interface Row {
  id: string;
  record: string;
  deleted: number;
  created_on: string;
  created_by: string;
  updated_by: string;
}

const fromRow = (row: Row): StoredLocation => ({
  id: row.id,
  record: JSON.parse(row.record) as StoredLocation['record'],
  deleted: row.deleted === 1,
  createdOn: row.created_on,
  createdBy: row.created_by,
  updatedBy: row.updated_by,
});

export function insertLocation(db: SandboxDb, location: { id: string; record: LocationCreate; at: string; by: string }): void {
  db.prepare('INSERT INTO locations (id, record, created_on, created_by, updated_on, updated_by) VALUES (?, ?, ?, ?, ?, ?)').run(
    location.id,
    JSON.stringify(location.record),
    location.at,
    location.by,
    location.at,
    location.by,
  );
}

export function getLocation(db: SandboxDb, id: string): StoredLocation | undefined {
  const row = db.prepare('SELECT * FROM locations WHERE id = ?').get(id) as Row | undefined;
  return row === undefined ? undefined : fromRow(row);
}

export function allLocations(db: SandboxDb): StoredLocation[] {
  return (db.prepare('SELECT * FROM locations ORDER BY created_on, id').all() as Row[]).map(fromRow);
}

export function replaceLocation(db: SandboxDb, id: string, record: LocationCreate, at: string, by: string): void {
  db.prepare('UPDATE locations SET record = ?, updated_on = ?, updated_by = ? WHERE id = ?').run(JSON.stringify(record), at, by, id);
}

/** Soft delete: the record stays, flagged, so shipments that came from it still resolve. */
export function markLocationDeleted(db: SandboxDb, id: string, at: string, by: string): void {
  const stored = getLocation(db, id);
  if (stored === undefined) return;
  const record = { ...stored.record, active: false };
  db.prepare('UPDATE locations SET deleted = 1, record = ?, updated_on = ?, updated_by = ? WHERE id = ?').run(JSON.stringify(record), at, by, id);
}

export function toDetail(location: StoredLocation): LocationDetail {
  const { address } = location.record;
  return {
    success: true,
    id: location.id,
    ...location.record,
    phoneNumber1: location.record.phoneNumber1 as string | undefined ?? address.phoneNumber1,
    phoneNumber2: location.record.phoneNumber2 as string | undefined ?? address.phoneNumber2,
    deleted: location.deleted,
  };
}

export function toListRecord(location: StoredLocation): LocationListRecord {
  const { record } = location;
  const list: LocationListRecord = {
    id: location.id,
    referenceId: record.referenceId,
    locationName: record.locationName,
    address1: record.address.address1,
    city: record.address.city,
    stateProvince: record.address.stateProvince,
    country: record.address.country,
    zipPostalCode: record.address.zipPostalCode,
    defaultDescription: record.settings?.defaultDescription ?? [],
    active: record.active,
    deleted: location.deleted,
    createdBy: location.createdBy,
    createdOnUtc: location.createdOn,
    updatedBy: location.updatedBy,
  };
  if (record.groupId !== undefined) list.groupId = record.groupId;
  if (record.address.emailAddress !== undefined) list.emailAddress = record.address.emailAddress;
  if (record.address.contactName !== undefined) list.contactName = record.address.contactName;
  if (record.address.phoneNumber1 !== undefined) list.phoneNumber1 = record.address.phoneNumber1;
  return list;
}
