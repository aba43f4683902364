/** The shapes of the orders calls: the domain contract (packages/domain/src/orders.ts). */
export type {
  ComponentList, ComponentRow, FromShortages, HistoryEntry, ProductShortageRow, ModelDashboard, Operation, OperationDetail, OrderLine as OrderItem, OrderList, OrdersOverview, ProductionDashboard, Tracking,
} from '@isik/domain';
