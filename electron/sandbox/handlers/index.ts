/** The sandbox's handler for every operation of the contract's table. */
import type { RuleSet } from '../rules';
import type { HandlerTable } from '../server/context';
import { createLocation, deleteLocation, getLocationById, getLocations, updateLocation } from './locations';
import { archiveShipment, blockShipment, cancelShipments, searchShipments, trackShipments, unblockShipment, updateShipments } from './maintenance';
import { applyRule, rateShop, validateAddress } from './quotes';
import { createShipment } from './shipments';

export function createHandlers(options: { ruleSet: RuleSet }): HandlerTable {
  return {
    getLocations,
    getLocation: getLocationById,
    createLocation,
    updateLocation,
    deleteLocation,
    createShipment,
    rateShop,
    validateAddress,
    cancelShipments,
    searchShipments,
    updateShipments,
    trackShipments,
    blockShipment,
    unblockShipment,
    archiveShipment,
    applyRule: applyRule(options.ruleSet),
  };
}
