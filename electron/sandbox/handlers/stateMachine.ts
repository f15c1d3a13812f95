/**
 * Which status changes the sandbox allows (docs/service-decisions.md, "state machine").
 * Pure, so the table can be tested exhaustively.
 */
export type ShipmentAction = 'cancel' | 'block' | 'unblock' | 'archive' | 'update';

/**
 * Why an action is refused: `ShipmentAlreadyInState` when its effect is already in place (a
 * repeat of a cancel, block, unblock or archive whose first answer was lost), so a caller can
 * count it as done; `InvalidTransition` for every other refusal.
 */
export type RefusalCode = 'ShipmentAlreadyInState' | 'InvalidTransition';

export type Transition = { readonly ok: true; readonly status: string } | { readonly ok: false; readonly code: RefusalCode; readonly reason: string };

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
  const refuse = (why: string): Transition => ({ ok: false, code: 'InvalidTransition', reason: `cannot be ${PAST[action]}: ${why}` });
  const already = (why: string): Transition => ({ ok: false, code: 'ShipmentAlreadyInState', reason: `cannot be ${PAST[action]}: ${why}` });
  switch (status) {
    case 'Archived':
      return action === 'archive' ? already('it is already archived') : refuse('it is archived');
    case 'Cancelled':
      if (action === 'archive') return { ok: true, status: 'Archived' };
      return action === 'cancel' ? already('it is already cancelled') : refuse('it is cancelled');
    case 'Blocked':
      if (action === 'cancel') return { ok: true, status: 'Cancelled' };
      if (action === 'unblock') return { ok: true, status: 'Created' };
      if (action === 'archive') return { ok: true, status: 'Archived' };
      if (action === 'update') return { ok: true, status };
      return already('it is already blocked');
    case 'Created':
      if (action === 'archive') return { ok: true, status: 'Archived' };
      if (action === 'update') return { ok: true, status };
      // Checked before "picked up": a shipment that is not blocked is not blocked either way.
      if (action === 'unblock') return already('it is not blocked');
      if (pickedUp) return refuse('the carrier has already picked it up');
      return { ok: true, status: action === 'cancel' ? 'Cancelled' : 'Blocked' };
    default:
      return refuse(`its status "${status}" allows no changes`);
  }
}
