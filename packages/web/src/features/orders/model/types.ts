/** The shapes of the orders calls: the domain contract (packages/domain/src/orders.ts). */
export type {
  ComponentRow, HistoryEntry, ModelDashboard, Operation, OperationDetail, OrderLine as OrderItem, OrderList, OrdersOverview, ProductionDashboard, Tracking,
} from '@isik/domain';
