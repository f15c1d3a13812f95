/**
 * Which status changes the sandbox allows (docs/service-decisions.md, "state machine").
 * Pure, so the table can be tested exhaustively.
 */
export type ShipmentAction = 'cancel' | 'block' | 'unblock' | 'archive' | 'update';

export type Transition = { readonly ok: true; readonly status: string } | { readonly ok: false; readonly reason: string };

const PAST: Readonly<Record<ShipmentAction, string>> = {
  cancel: 'cancelled',
  block: 'blocked',
  unblock: 'unblocked',
  archive: 'archived',
  update: 'updated',
};

/**
 * @param pickedUp whether the carrier has scanned the package: from then on the label can no
 *   longer be voided or held, as with real carriers.
 */
export function transition(status: string, action: ShipmentAction, pickedUp: boolean): Transition {
  const refuse = (why: string): Transition => ({ ok: false, reason: `cannot be ${PAST[action]}: ${why}` });
  switch (status) {
    case 'Archived':
      return refuse(action === 'archive' ? 'it is already archived' : 'it is archived');
    case 'Cancelled':
      if (action === 'archive') return { ok: true, status: 'Archived' };
      return refuse(action === 'cancel' ? 'it is already cancelled' : 'it is cancelled');
    case 'Blocked':
      if (action === 'cancel') return { ok: true, status: 'Cancelled' };
      if (action === 'unblock') return { ok: true, status: 'Created' };
      if (action === 'archive') return { ok: true, status: 'Archived' };
      if (action === 'update') return { ok: true, status };
      return refuse('it is already blocked');
    case 'Created':
      if (action === 'archive') return { ok: true, status: 'Archived' };
      if (action === 'update') return { ok: true, status };
      if (action === 'unblock') return refuse('it is not blocked');
      if (pickedUp) return refuse('the carrier has already picked it up');
      return { ok: true, status: action === 'cancel' ? 'Cancelled' : 'Blocked' };
    default:
      return refuse(`its status "${status}" allows no changes`);
  }
}
