export { ProductPickerModal, ProductPickerPanel, type ProductPickerModalProps, type ProductPickerPanelProps } from './product-picker';
export { MaterialPickerModal, MaterialPickerPanel, type MaterialPickerModalProps, type MaterialPickerPanelProps } from './material-picker';
export { ComponentPickerModal, type ComponentPickerModalProps, type ComponentKind } from './component-picker';
export { categoryKey, productImage, productName, type PickedComponent } from './picker-helpers';
export { fetchPickedProduct } from './picker-api';
