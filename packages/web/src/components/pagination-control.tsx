import { ActionIcon, Button, Group, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export const PAGE_WINDOW = 5;

/** Up to five page numbers around the current page, shifted so the window never runs past either end. */
export function pageWindow(page: number, totalPages: number, size = PAGE_WINDOW): number[] {
  if (totalPages < 1) return [];
  const current = Math.min(Math.max(1, page), totalPages);
  const start = Math.max(1, Math.min(current - Math.floor(size / 2), totalPages - size + 1));
  const end = Math.min(totalPages, start + size - 1);
  return Array.from({ length: end - start + 1 }, (_, i) => start + i);
}

export interface PaginationControlProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  disabled?: boolean;
  /**
   * Set when the total is a lower bound (a search counted up to a cap, ADR 0054): pages past totalPages may follow, so
   * an ellipsis titled with this text stands where the last-page button would jump to a page nobody knows.
   */
  more?: string;
}

/** Spec 000 section 9: first, previous, up to 5 page numbers, next, last; hidden with one page or none. */
export function PaginationControl({ page, totalPages, onChange, disabled = false, more }: PaginationControlProps) {
  const { t } = useTranslation();
  const { dir } = useDirection();
  if (totalPages <= 1) return null;
  // Arrows point the way the pages run, which is mirrored in right-to-left layouts.
  const flip = dir === 'rtl' ? { transform: 'scaleX(-1)' } : undefined;
  const go = (p: number) => {
    const next = Math.min(Math.max(1, p), totalPages);
    if (next !== page) onChange(next);
  };
  const atStart = page <= 1;
  const atEnd = page >= totalPages;
  return (
    <Group gap={4} justify="center" mt="md" component="nav" aria-label={t('pagination.label')}>
      <ActionIcon variant="default" size="lg" disabled={disabled || atStart} onClick={() => go(1)} aria-label={t('pagination.first')}>
        <IconChevronsLeft size={16} style={flip} />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" disabled={disabled || atStart} onClick={() => go(page - 1)} aria-label={t('pagination.previous')}>
        <IconChevronLeft size={16} style={flip} />
      </ActionIcon>
      {pageWindow(page, totalPages).map((p) => (
        <Button
          key={p}
          size="compact-md"
          h={34}
          miw={34}
          px={8}
          variant={p === page ? 'filled' : 'default'}
          disabled={disabled}
          onClick={() => go(p)}
          aria-label={t('pagination.page', { page: p })}
          aria-current={p === page ? 'page' : undefined}
        >
          {p}
        </Button>
      ))}
      <ActionIcon variant="default" size="lg" disabled={disabled || atEnd} onClick={() => go(page + 1)} aria-label={t('pagination.next')}>
        <IconChevronRight size={16} style={flip} />
      </ActionIcon>
      {more ? <span title={more}>…</span> : (
        <ActionIcon variant="default" size="lg" disabled={disabled || atEnd} onClick={() => go(totalPages)} aria-label={t('pagination.last')}>
          <IconChevronsRight size={16} style={flip} />
        </ActionIcon>
      )}
    </Group>
  );
}
