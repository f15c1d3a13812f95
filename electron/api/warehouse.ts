/**
 * Warehouse mode as the station API shows it: how the desk reaches the warehouse's PostgreSQL
 * database (kept in the desk's store; the role's password only in the vault, never read back),
 * and the state of that link, which the header shows. The warehouse layer takes its connection
 * shapes from here, so the desk's form, the store and the database client share one contract.
 */
import * as z from 'zod';
import { text } from '../service/contract';
import { DeskId } from './stationRef';

/**
 * How the connection is protected: `disable` (plain TCP: a trusted network only), `require`
 * (encrypted, the server's certificate not checked), `verify-full` (encrypted, the certificate
 * checked against the system's authorities or the CA given, and the host name against it).
 */
export const TLS_MODES = ['disable', 'require', 'verify-full'] as const;
export type TlsMode = (typeof TLS_MODES)[number];

/** A PostgreSQL identifier as an admin would type it (no quoting needed). */
const Identifier = z.string().regex(/^[a-z_][a-z0-9_$]{0,62}$/, 'must be 1 to 63 lower-case letters, digits or "_", starting with a letter or "_"');

const connectionFields = {
  host: text(253).trim().min(1, 'must not be empty'),
  port: z.number().int('must be a whole number').min(1).max(65535),
  database: Identifier,
  role: Identifier,
  tls: z.enum(TLS_MODES),
  /** PEM of the authority that signed the server's certificate, when it is not a system one. */
  caCertificate: text(64 * 1024)
    .refine((pem) => pem.includes('-----BEGIN CERTIFICATE-----'), 'must be a PEM certificate')
    .nullable(),
};

export const WarehouseConnectionSettings = z.strictObject(connectionFields);
export type WarehouseConnectionSettings = z.infer<typeof WarehouseConnectionSettings>;

/** The name people at the other desks read ("Desk 3"): "being packed at Desk 3 since 10:42". */
export const WarehouseDeskName = text(100).trim().min(1, 'must not be empty');

/** Which desk this is, as the warehouse names it: the station's desk id and the name people read. */
export const WarehouseDesk = z.strictObject({ id: DeskId, name: WarehouseDeskName });
export type WarehouseDesk = z.infer<typeof WarehouseDesk>;

/** What the desk keeps of its warehouse (a desk setting): where the database is and the desk's name there. */
export const WarehouseLink = z.strictObject({ ...connectionFields, deskName: WarehouseDeskName });
export type WarehouseLink = z.infer<typeof WarehouseLink>;

/**
 * What Settings → Warehouse sends to save or to test: the link, and the role's password when it
 * is typed. Without one, the password the vault holds is used.
 */
export const WarehouseLinkInput = z.strictObject({
  ...connectionFields,
  deskName: WarehouseDeskName,
  password: text(1024).min(1, 'must not be empty').optional(),
});
export type WarehouseLinkInput = z.input<typeof WarehouseLinkInput>;

/**
 * The desk's link to the warehouse: not set up here; connecting; connected; unreachable (the
 * desk keeps working on its own and tries again by itself); or a schema this Packbench cannot use
 * (older than it needs and the role may not update it, or newer than it knows).
 */
export const WAREHOUSE_STATES = ['notConfigured', 'connecting', 'connected', 'unreachable', 'schemaTooOld', 'schemaTooNew'] as const;
export type WarehouseStateName = (typeof WAREHOUSE_STATES)[number];

export interface WarehouseStatus {
  readonly state: WarehouseStateName;
  /** The state in words an admin can act on (the cause, when the warehouse cannot be used). */
  readonly words: string;
}

/** Settings → Warehouse: the link kept (never the password: only whether one is stored) and its state now. */
export interface WarehouseView {
  readonly link: WarehouseLink | null;
  readonly hasPassword: boolean;
  readonly status: WarehouseStatus;
}

/** The answer of Test connection: whether the desk could use the database, in words. */
export interface WarehouseTest {
  readonly ok: boolean;
  readonly message: string;
}

/**
 * What the warehouse says of an order scanned at the Ship screen, in warehouse mode: claimed for
 * this desk (it may buy its label); held by another desk with a live lease, or whose lease ran out
 * (take it over, with a reason); shipped or cancelled in the warehouse; not among the warehouse's
 * shared orders (it ships unguarded, as at a desk alone); or the warehouse unreachable (the desk
 * ships only an order it had claimed: docs/warehouse.md).
 */
export const ORDER_CLAIM_STATES = ['claimed', 'heldElsewhere', 'leaseExpired', 'shipped', 'cancelled', 'notShared', 'unreachable'] as const;
export type OrderClaimState = (typeof ORDER_CLAIM_STATES)[number];

export interface OrderClaim {
  readonly orderNumber: string;
  readonly state: OrderClaimState;
  /** For the packer: "Order 1001 is being packed at Desk 3 since 10:42: this desk cannot buy a label for it". */
  readonly words: string;
  /** Whether Ship may buy a label for it at this desk now. */
  readonly mayShip: boolean;
  /** Whether it can be taken over (its holder's lease ran out), with a reason. */
  readonly mayTakeOver: boolean;
}

/** Why a packer takes over an order another desk stopped renewing: kept in the warehouse's audit log. */
export const TakeoverReason = text(500).trim().min(3, 'must say why, in a few words');

/**
 * Whose limit the profile's service client keeps to: `own` (the desk alone, the whole tier),
 * `shared` (the credential's limit shared with the warehouse's other desks through its
 * database), or `local` (a warehouse is set up but its database cannot be used now: a
 * conservative share of the tier, so desks cut off from each other do not overrun it together).
 */
export const REQUEST_BUDGET_KINDS = ['own', 'shared', 'local'] as const;

export interface RequestBudgetMode {
  readonly kind: (typeof REQUEST_BUDGET_KINDS)[number];
  /** What the desk keeps to, in words ("… keeps to 50 requests a minute of the credential's 100 …"). */
  readonly words: string;
}

/**
 * A conflict a person must settle: two shipments stand for one order (two desks shipped it while
 * cut off from the warehouse database), each with the desk that made it and its tracking numbers.
 */
export interface WarehouseConflict {
  readonly id: number;
  readonly kind: 'shipped_twice';
  readonly orderNumber: string;
  readonly shipments: readonly { readonly stationRef: string; readonly deskId: string | null; readonly deskName: string | null; readonly trackingNumbers: readonly string[] }[];
  /** The desk that found it (the one whose upload met the other shipment), and when. */
  readonly detectedBy: string;
  readonly detectedAt: number;
  readonly resolvedBy: string | null;
  readonly resolvedAt: number | null;
  readonly resolution: string | null;
}

/**
 * What the desk still owes the warehouse database (its journal): how many entries wait to be sent,
 * and those the warehouse refused, each with its reason, for a person to see (they stay and are
 * tried again at each pass).
 */
export interface WarehouseJournalView {
  readonly waiting: number;
  readonly refused: readonly RefusedJournalEntry[];
}

export interface RefusedJournalEntry {
  readonly id: number;
  /** What it tells, in words ("Shipment PB-DESK1-… of order 1001", "Void of PB-DESK1-…"). */
  readonly what: string;
  readonly attempts: number;
  /** The warehouse's refusal, as it said it. */
  readonly reason: string;
  /** When the desk wrote it (ms since 1970). */
  readonly since: number;
}

/** Settling a conflict: which one, and what was done, in words (e.g. "voided the label of Desk 2"). */
export const ResolveConflictInput = z.strictObject({
  conflictId: z.number().int('must be a whole number').min(1).max(Number.MAX_SAFE_INTEGER),
  resolution: text(500).trim().min(3, 'must say what was done, in 3 to 500 characters'),
});
export type ResolveConflictInput = z.input<typeof ResolveConflictInput>;
