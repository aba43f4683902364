import { useState } from 'react';
import { Modal, Tabs } from '@mantine/core';
import { IconBox, IconBulb } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MaterialPickerPanel } from './material-picker';
import type { PickedComponent } from './picker-helpers';
import { ProductPickerPanel } from './product-picker';

export type ComponentKind = PickedComponent['kind'];

export interface ComponentPickerModalProps {
  opened: boolean;
  onClose: () => void;
  onSelect: (picked: PickedComponent) => void;
  title?: string;
  /** The tab shown first (products by default). */
  initialKind?: ComponentKind;
}

/** Products or materials in two tabs (deliveries pick either); answers { kind, item }. */
export function ComponentPickerModal({ opened, onClose, onSelect, title, initialKind = 'product' }: ComponentPickerModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={title ?? t('pickers.component.title')} size="60rem" centered data-testid="component-picker">
      <ComponentTabs initialKind={initialKind} onSelect={onSelect} />
    </Modal>
  );
}

function ComponentTabs({ initialKind, onSelect }: { initialKind: ComponentKind; onSelect: (picked: PickedComponent) => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ComponentKind>(initialKind);
  return (
    <Tabs value={kind} onChange={(v) => setKind(v === 'material' ? 'material' : 'product')} keepMounted={false}>
      <Tabs.List mb="sm">
        <Tabs.Tab value="product" leftSection={<IconBulb size={16} />}>{t('pickers.tabs.products')}</Tabs.Tab>
        <Tabs.Tab value="material" leftSection={<IconBox size={16} />}>{t('pickers.tabs.materials')}</Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="product">
        <ProductPickerPanel onSelect={(item) => onSelect({ kind: 'product', item })} />
      </Tabs.Panel>
      <Tabs.Panel value="material">
        <MaterialPickerPanel onSelect={(item) => onSelect({ kind: 'material', item })} autoFocus={false} />
      </Tabs.Panel>
    </Tabs>
  );
}
