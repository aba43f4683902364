/**
 * Provisional shapes of the orders calls (spec 002 3, 7) until the domain contract (packages/domain/src/orders.ts)
 * lands; the screens read only these fields.
 */
export interface OperationHistoryEntry { Staff: string; Qty: number; Date: string; stockupdate: boolean }
export interface OperationDetail {
  _id?: string;
  material_id: string;
  material_name?: string;
  material_category: string;
  material_group: string;
  component?: boolean;
  materialQty: number;
  totalQty: number;
  unit: string;
  StockUpdate: boolean;
  /** Current stock of the material. */
  status?: number;
}
export interface Operation {
  _id: string;
  Operation: string;
  Qty: number;
  OperationStartTime: string | null;
  OperationFinishTime: string | null;
  OperationStaff: string;
  OperationStatus: number;
  OperationPercent: number;
  OperationDescription?: string;
  OperationComplated: number;
  OperationComplatedList: OperationHistoryEntry[];
  OperationDetails: OperationDetail[];
}
export interface OrderOfferRef { _id: string; firma_id: string | null; firma_adi: string; teklif_no?: string }
export interface OrderItem {
  _id: string;
  urun_adi: string;
  urun_kodu: string[];
  urun_id: string | null;
  urun_resim: string;
  urun_miktari: number;
  urun_birimi: string;
  urun_fiyati: number;
  urun_dovizi: string;
  urun_kdv: number;
  teklifno: OrderOfferRef | null;
  siparis_tarihi: string;
  siparis_durumu: number;
  tamamlanmaOrani: number;
  teslim_edilmis: number;
  baslama_tarihi: string | null;
  bitis_tarihi: string | null;
  ready: boolean;
  order_type: string;
  refreshcomponentlist?: boolean;
  Operations: Operation[];
  __v: number;
}
export interface OrderList { orders: OrderItem[]; status1: number; status2: number; status3: number; status4: number; status6?: number; totalItemCount: number }
/** A row of the component list (spec 002 2.3; DECISIONS 5). */
export interface ComponentRow {
  material_id: string;
  material_name: string;
  material_category: string;
  material_group: string;
  unit: string;
  operations: string[];
  required: number;
  stock: number;
  onOrder: number;
  shortage: number;
}
/** The public tracking answer: the order and its lines with deliveries (DECISIONS 4). */
export interface TrackingDelivery { _id?: string; tarih: string; teslimedilenmiktar: number }
export interface TrackingLine {
  _id: string; urun_adi: string; urun_kodu: string[]; urun_miktari: number; urun_birimi: string; tamamlanmaOrani: number; siparis_durumu: number;
  teslim_edilmis: number; Delivery?: TrackingDelivery[];
}
export interface TrackingAnswer { teklif_no: string; firma_adi: string; siparis_tarihi: string | null; teklif_durumu: number; lines: TrackingLine[] }
