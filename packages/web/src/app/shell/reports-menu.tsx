import { lazy, Suspense, useRef, useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconChevronDown, IconFileTypeDocx, IconFileTypePdf, IconFileTypeXls, IconReport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DeferredMenu, DeferredTooltip } from '../../components/deferred/deferred-floating';
import { currentLang } from '../../i18n';
import { notifyError, notifySuccess } from '../../lib/notify';
import { getReportSource, useCurrentReportSource } from '../../lib/report-source';
import type { ReportFormat } from '../../lib/reports/build-report';

export interface Progressing { format: ReportFormat; done: number; total: number | null; phase: 'fetch' | 'generate' }

// The progress dialog shows only while a report is made: its code (Mantine's Modal) loads then (ADR 0030).
const ReportProgress = lazy(() => import('./report-progress'));

const ITEMS: { format: ReportFormat; labelKey: string; icon: typeof IconReport; color: string }[] = [
  { format: 'xlsx', labelKey: 'reports.excel', icon: IconFileTypeXls, color: 'var(--mantine-color-green-7)' },
  { format: 'docx', labelKey: 'reports.word', icon: IconFileTypeDocx, color: 'var(--mantine-color-blue-7)' },
  { format: 'pdf', labelKey: 'reports.pdf', icon: IconFileTypePdf, color: 'var(--mantine-color-red-7)' },
];

/**
 * Header item (spec 000 2.3, DECISIONS 9): exports the list on screen (every row the current filters
 * select, all pages) as Excel, Word or PDF, made in the browser. Disabled where the screen has no list.
 */
export function ReportsMenu() {
  const { t } = useTranslation();
  const source = useCurrentReportSource();
  const [progress, setProgress] = useState<Progressing | null>(null);
  const run = useRef(0);

  const exportAs = async (format: ReportFormat) => {
    const current = getReportSource();
    if (!current || progress) return;
    const id = ++run.current;
    const alive = () => run.current === id;
    setProgress({ format, done: 0, total: null, phase: 'fetch' });
    try {
      const rows = await current.fetchAll((done, total) => {
        if (alive()) setProgress({ format, done, total, phase: 'fetch' });
      });
      if (!alive()) return;
      setProgress((p) => ({ format, done: rows.length, total: p?.total ?? rows.length, phase: 'generate' }));
      // The report builders are needed only now (ADR 0030: the header's first download).
      const { downloadBlob, generateReport, reportFileName, tableOf } = await import('../../lib/reports/build-report');
      const at = new Date();
      const blob = await generateReport(format, tableOf(current, rows, currentLang(), at));
      if (!alive()) return;
      const file = reportFileName(current.fileName, format, at);
      downloadBlob(blob, file);
      notifySuccess('reports.done', { file });
    } catch (err) {
      if (alive()) notifyError(err, t('reports.failed'));
    } finally {
      if (alive()) setProgress(null);
    }
  };

  const cancel = () => {
    run.current += 1;
    setProgress(null);
  };

  const disabled = source === null;
  const target = (
    <Button
      variant="subtle" color="gray" c="inherit" px={8} disabled={disabled}
      leftSection={<IconReport size={18} />} rightSection={<IconChevronDown size={14} />}
      aria-label={t('reports.label')} data-testid="reports-menu"
      styles={{ root: disabled ? { background: 'transparent', opacity: 0.45 } : undefined }}
    >
      <Text span size="sm" visibleFrom="lg">{t('reports.label')}</Text>
    </Button>
  );

  return (
    <>
      {disabled ? (
        <DeferredTooltip label={t('reports.nothing')}>
          <span data-testid="reports-menu-disabled">{target}</span>
        </DeferredTooltip>
      ) : (
        <DeferredMenu position="bottom-end" withArrow shadow="md" target={target}>
          {(Menu) => (
            <>
              <Menu.Label>{source.title} · {t('reports.menuLabel')}</Menu.Label>
              {ITEMS.map(({ format, labelKey, icon: Icon, color }) => (
                <Menu.Item key={format} leftSection={<Icon size={18} color={color} />} onClick={() => void exportAs(format)} disabled={progress !== null}>
                  {t(labelKey)}
                </Menu.Item>
              ))}
            </>
          )}
        </DeferredMenu>
      )}

      {progress && (
        <Suspense fallback={null}>
          <ReportProgress progress={progress} onCancel={cancel} />
        </Suspense>
      )}
    </>
  );
}
