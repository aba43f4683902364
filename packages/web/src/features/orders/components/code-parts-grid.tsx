import { SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SHOWN_CODE_PARTS, codePartsOf } from '@isik/domain';

/** The code parts a card and the production header show (spec 002 2.2, 2.4), 'unset' where a part is empty. */
export function CodePartsGrid({ code, mt }: { code: readonly string[] | string | null | undefined; mt: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const parts = codePartsOf(code);
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} mt={mt} spacing="xs">
      {SHOWN_CODE_PARTS.map(({ part, index }) => (
        <div key={part}>
          <Text size="xs" c="dimmed">{t(`orders.code.${part}`)}</Text>
          <Text size="sm">{parts[index] || t('orders.code.unset')}</Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
