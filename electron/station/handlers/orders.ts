/** Orders from a shop's file (orders/orders.ts), and the Ship screen's scan (shipping/scanOrder.ts). */
import type { StationHandlers } from '../../api';
import type { OrderFiles } from '../../orders/orderFiles';
import * as orders from '../../orders/orders';
import { scanOrder } from '../../shipping/scanOrder';
import type { StationContext } from '../context';

type OrderMethods =
  | 'openOrderFile'
  | 'appendOrderFile'
  | 'previewOrderImport'
  | 'importOrders'
  | 'cancelOrderFile'
  | 'closeOrderFile'
  | 'listOrders'
  | 'getOrder'
  | 'scanOrder'
  | 'saveOrderMapping'
  | 'listOrderMappings'
  | 'deleteOrderMapping';

export function orderHandlers(station: StationContext, orderFiles: OrderFiles): Pick<StationHandlers, OrderMethods> {
  return {
    openOrderFile: async ({ name, size }) => ({ fileId: await orderFiles.openFile(name, size) }),
    appendOrderFile: ({ fileId, offset, data }) => orderFiles.append(fileId, offset, data),
    previewOrderImport: (input) => orders.previewOrderImport(orderFiles, input),
    importOrders: (input) => {
      // The orders go to the store of the connection active when the import began.
      const connection = station.connection();
      return orders.importOrders(orderFiles, connection, () => station.connection() === connection, input);
    },
    cancelOrderFile: ({ fileId }) => ({ cancelled: orderFiles.cancel(fileId) }),
    closeOrderFile: async ({ fileId }) => {
      await orderFiles.closeFile(fileId);
      return { closed: true };
    },
    listOrders: (input) => orders.listOrders(station.connection(), input),
    getOrder: (input) => orders.getOrder(station.connection(), input),
    scanOrder: (input) => scanOrder(station.connection(), input),
    saveOrderMapping: (input) => orders.saveOrderMapping(station.connection(), input),
    listOrderMappings: () => station.connection().store.read.listOrderMappings(),
    deleteOrderMapping: (input) => orders.deleteOrderMapping(station.connection(), input),
  };
}
