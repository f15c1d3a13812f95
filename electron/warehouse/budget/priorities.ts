/**
 * Which request goes first when desks share one credential's limit: a label being bought, then
 * rate quotes, then address checks, then tracking refreshes, then background pulls. The service
 * client names each request by its operation; this turns the name into a rank.
 */
import type { OperationId } from '../../service/contract';

export const BUDGET_PRIORITIES = ['purchase', 'quote', 'address', 'tracking', 'background'] as const;
export type BudgetPriority = (typeof BUDGET_PRIORITIES)[number];

/** 0 is the most urgent. */
export function rankOf(priority: BudgetPriority): number {
  return BUDGET_PRIORITIES.indexOf(priority);
}

const BY_OPERATION: Readonly<Record<OperationId | 'token', BudgetPriority>> = {
  createShipment: 'purchase',
  // A token is asked for by whatever request needs one, possibly a purchase, and only once an hour.
  token: 'purchase',
  rateShop: 'quote',
  applyRule: 'quote',
  // Changes a person makes at the desk and waits for: with the quotes, ahead of checks and pulls.
  cancelShipments: 'quote',
  updateShipments: 'quote',
  blockShipment: 'quote',
  unblockShipment: 'quote',
  archiveShipment: 'quote',
  createLocation: 'quote',
  updateLocation: 'quote',
  deleteLocation: 'quote',
  validateAddress: 'address',
  trackShipments: 'tracking',
  searchShipments: 'background',
  getLocations: 'background',
  getLocation: 'background',
};

/** The rank of a request by its operation (an unnamed or unknown one waits with the background pulls). */
export function priorityOf(operation: string | undefined): BudgetPriority {
  return (operation !== undefined && Object.hasOwn(BY_OPERATION, operation) ? BY_OPERATION[operation as keyof typeof BY_OPERATION] : undefined) ?? 'background';
}
