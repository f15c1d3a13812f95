import { describe, expect, it } from 'vitest';
import { transition, type ShipmentAction } from '../../../../electron/sandbox/handlers/stateMachine';

const STATUSES = ['Created', 'Blocked', 'Cancelled', 'Archived'] as const;
const ACTIONS: readonly ShipmentAction[] = ['cancel', 'block', 'unblock', 'archive', 'update'];

type Outcome = (typeof STATUSES)[number] | 'AlreadyInState' | 'Refused';

/**
 * The table of docs/service-decisions.md ("Status values and the state machine"), written out
 * by hand: a status is where the action leads, AlreadyInState is a repeat of an action whose
 * effect is already in place, Refused is any other refusal.
 */
const NOT_PICKED_UP: Readonly<Record<(typeof STATUSES)[number], Readonly<Record<ShipmentAction, Outcome>>>> = {
  Created: { cancel: 'Cancelled', block: 'Blocked', unblock: 'AlreadyInState', archive: 'Archived', update: 'Created' },
  Blocked: { cancel: 'Cancelled', block: 'AlreadyInState', unblock: 'Created', archive: 'Archived', update: 'Blocked' },
  Cancelled: { cancel: 'AlreadyInState', block: 'Refused', unblock: 'Refused', archive: 'Archived', update: 'Refused' },
  Archived: { cancel: 'Refused', block: 'Refused', unblock: 'Refused', archive: 'AlreadyInState', update: 'Refused' },
};

/** Once the carrier has the package, only a Created shipment's cancel and block change. */
const PICKED_UP: typeof NOT_PICKED_UP = {
  ...NOT_PICKED_UP,
  Created: { cancel: 'Refused', block: 'Refused', unblock: 'AlreadyInState', archive: 'Archived', update: 'Created' },
};

function expectOutcome(status: string, action: ShipmentAction, pickedUp: boolean, outcome: Outcome): void {
  const result = transition(status, action, pickedUp);
  if (outcome === 'AlreadyInState') expect(result).toEqual({ ok: false, code: 'ShipmentAlreadyInState', reason: expect.stringMatching(/^cannot be \w+: it is (already|not) /) });
  else if (outcome === 'Refused') expect(result).toEqual({ ok: false, code: 'InvalidTransition', reason: expect.stringMatching(/^cannot be \w+: /) });
  else expect(result).toEqual({ ok: true, status: outcome });
}

describe('shipment state machine', () => {
  for (const [table, pickedUp] of [[NOT_PICKED_UP, false], [PICKED_UP, true]] as const) {
    for (const status of STATUSES) {
      for (const action of ACTIONS) {
        const outcome = table[status][action];
        it(`${status}${pickedUp ? ' (picked up)' : ''} + ${action} → ${outcome}`, () => expectOutcome(status, action, pickedUp, outcome));
      }
    }
  }

  it('names the state that is already in place', () => {
    expect(transition('Cancelled', 'cancel', false)).toMatchObject({ reason: 'cannot be cancelled: it is already cancelled' });
    expect(transition('Blocked', 'block', false)).toMatchObject({ reason: 'cannot be blocked: it is already blocked' });
    expect(transition('Created', 'unblock', false)).toMatchObject({ reason: 'cannot be unblocked: it is not blocked' });
    expect(transition('Archived', 'archive', false)).toMatchObject({ reason: 'cannot be archived: it is already archived' });
  });

  it('refuses every action on a status it does not know, as InvalidTransition', () => {
    for (const action of ACTIONS) expect(transition('Delivered', action, false)).toMatchObject({ ok: false, code: 'InvalidTransition' });
  });
});
