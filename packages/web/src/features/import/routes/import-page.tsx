import { useMemo, useState } from 'react';
import { Alert, Badge, Button, Checkbox, FileInput, Group, Paper, Progress, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber, IMPORT_KINDS, IMPORT_MAX_ROWS, type ImportKind, type ImportPreview, type ImportRow } from '@isik/domain';
import { DataTable, type DataTableColumn } from '../../../components/data-table';
import { PageHeader } from '../../../components/page-header';
import { PaginationControl } from '../../../components/pagination-control';
import { notifyError } from '../../../lib/api';
import { commitImport, downloadTemplate, previewImport } from '../api/import-api';

const PAGE_SIZE = 50;

/** Issue 26: import companies, materials with opening stock or products from an .xlsx/.csv file, with a preview first. */
export function ImportPage() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ImportKind>('companies');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [page, setPage] = useState(1);
  const [errorsOnly, setErrorsOnly] = useState(false);

  const check = useMutation({
    mutationFn: (f: File) => previewImport(kind, f),
    onMutate: () => { setPreview(null); commit.reset(); },
    onSuccess: (p) => { setPreview(p); setPage(1); setErrorsOnly(p.invalid > 0); },
    meta: { notifyError: false },
  });
  const commit = useMutation({
    mutationFn: (validOnly: boolean) => commitImport(kind, preview!.previewId, validOnly),
    onSuccess: () => setPreview(null),
    meta: { notifyError: false },
  });
  const template = useMutation({ mutationFn: () => downloadTemplate(kind), onError: (e) => notifyError(e), meta: { notifyError: false } });

  const rows = useMemo(() => (preview ? (errorsOnly ? preview.rows.filter((r) => r.errors.length > 0) : preview.rows) : []), [preview, errorsOnly]);
  const pages = Math.max(1, Math.ceil(rows.length / PAGE_SIZE));
  const shown = rows.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
  const columns = useMemo<DataTableColumn<ImportRow>[]>(() => {
    const fields = preview?.columns ?? [];
    return [
      { key: 'row', header: t('import.row'), width: 64, render: (r) => <Text size="sm" c="dimmed">{r.row}</Text> },
      {
        key: 'state', header: t('import.state'), width: 120,
        render: (r) => (r.errors.length > 0
          ? <Badge color="red" variant="light">{t('import.invalid')}</Badge>
          : <Badge color={r.action === 'update' ? 'blue' : 'green'} variant="light">{t(`import.action.${r.action}`)}</Badge>),
      },
      ...fields.slice(0, 4).map((f): DataTableColumn<ImportRow> => ({ key: f, header: t(`import.col.${f}`), render: (r) => <Text size="sm">{r.values[f]}</Text> })),
      {
        key: 'errors', header: t('import.errors'),
        render: (r) => (
          <Stack gap={2}>
            {r.errors.map((e) => <Text key={e.field} size="sm" c="red" data-testid="import-error">{t(`import.col.${e.field}`)}: {e.message}</Text>)}
          </Stack>
        ),
      },
    ];
  }, [preview, t]);

  const busy = check.isPending || commit.isPending;
  return (
    <Stack>
      <PageHeader title={t('import.title')} subtitle={t('import.subtitle', { max: formatNumber(IMPORT_MAX_ROWS, 0) })} />
      <Paper withBorder p="md">
        <Stack>
          <SegmentedControl
            value={kind} disabled={busy} aria-label={t('import.kind')}
            onChange={(v) => { setKind(v as ImportKind); setPreview(null); setFile(null); check.reset(); commit.reset(); }}
            data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`import.kinds.${k}`) }))}
          />
          <Group align="flex-end">
            <Button variant="default" leftSection={<IconDownload size={16} />} loading={template.isPending} onClick={() => template.mutate()}>
              {t('import.template')}
            </Button>
            <FileInput
              label={t('import.file')} placeholder={t('import.choose')} accept=".xlsx,.csv" value={file} onChange={setFile}
              leftSection={<IconFileSpreadsheet size={16} />} clearable style={{ flex: 1, minWidth: 240 }} disabled={busy}
            />
            <Button leftSection={<IconUpload size={16} />} disabled={!file || busy} loading={check.isPending} onClick={() => file && check.mutate(file)}>
              {t('import.check')}
            </Button>
          </Group>
          {busy && (
            <Stack gap={4} data-testid="import-progress">
              <Text size="sm">{check.isPending ? t('import.checking') : t('import.writing', { count: preview?.total ?? 0 })}</Text>
              <Progress value={100} animated striped />
            </Stack>
          )}
          {check.error && <Alert color="red" title={t('import.checkFailed')}>{check.error.message}</Alert>}
          {commit.error && <Alert color="red" title={t('import.commitFailed')}>{commit.error.message}</Alert>}
          {commit.data && (
            <Alert color="green" title={t('import.done')} data-testid="import-result">
              {t('import.result', { created: commit.data.created, updated: commit.data.updated, skipped: commit.data.skipped })}
              {commit.data.movements > 0 && ` ${t('import.movements', { count: commit.data.movements })}`}
            </Alert>
          )}
        </Stack>
      </Paper>
      {preview && (
        <Paper withBorder p="md">
          <Stack>
            <Group justify="space-between">
              <Group gap="xs">
                <Badge variant="light">{t('import.total', { count: preview.total })}</Badge>
                <Badge variant="light" color="green">{t('import.validCount', { count: preview.valid })}</Badge>
                <Badge variant="light" color="red" data-testid="import-invalid-count">{t('import.invalidCount', { count: preview.invalid })}</Badge>
              </Group>
              <Checkbox label={t('import.errorsOnly')} checked={errorsOnly} onChange={(e) => { setErrorsOnly(e.currentTarget.checked); setPage(1); }} />
            </Group>
            <DataTable columns={columns} rows={shown} rowKey={(r) => String(r.row)} emptyText={t('import.noRows')} />
            <PaginationControl page={page} totalPages={pages} onChange={setPage} />
            <Group justify="flex-end">
              <Text size="sm" c="dimmed">{preview.invalid > 0 ? t('import.allBlocked') : ''}</Text>
              <Button variant="default" disabled={busy || preview.valid === 0} onClick={() => commit.mutate(true)}>{t('import.validOnly', { count: preview.valid })}</Button>
              <Button disabled={busy || preview.invalid > 0} loading={commit.isPending && !commit.variables} onClick={() => commit.mutate(false)}>{t('import.all')}</Button>
            </Group>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
