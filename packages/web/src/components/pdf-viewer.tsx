import { useEffect, useMemo, useState, type ReactElement } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Progress, Stack, Text } from '@mantine/core';
import { IconDownload, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DocumentProps } from '@react-pdf/renderer';
import regularFont from '../assets/fonts/DejaVuSans.ttf?url';
import boldFont from '../assets/fonts/DejaVuSans-Bold.ttf?url';

/** Renders a document of @isik/documents in the browser with the embedded Turkish font (DejaVu Sans). */
export async function renderPdfBlob(doc: ReactElement<DocumentProps>): Promise<Blob> {
  const { renderToBlob } = await import('@isik/documents');
  return renderToBlob(doc, { regular: regularFont, bold: boldFont });
}

export interface PdfViewerProps {
  /** The document to render; null while its data is loading. */
  doc: ReactElement<DocumentProps> | null;
  title: string;
  fileName: string;
  /** The data could not be loaded (shown instead of the viewer). */
  error?: string | null;
  /** 0-100 while a long document's data arrives (price list). */
  progress?: number | null;
}

/**
 * The /pdf/... page body (spec 002 'PDF documents'): a loading indicator until the data and the own company's data
 * arrive and the document is made, then a full-screen viewer (the browser's PDF viewer in a frame) with download
 * and close.
 */
export function PdfViewer({ doc, title, fileName, error, progress }: PdfViewerProps) {
  const { t } = useTranslation();
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    let made: string | null = null;
    renderPdfBlob(doc).then((blob) => {
      if (cancelled) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    }, (e: unknown) => {
      if (!cancelled) setFailed(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [doc]);

  const shown = error ?? failed;
  const layer = useMemo(() => ({ position: 'fixed' as const, inset: 0, zIndex: 1000, background: 'var(--mantine-color-body)', display: 'flex', flexDirection: 'column' as const }), []);

  if (shown) {
    return (
      <Box style={layer} p="md">
        <Alert color="red" title={t('msg.doc.failed')}>{shown}</Alert>
      </Box>
    );
  }
  if (!url) {
    return (
      <Center style={layer} role="status" aria-live="polite" data-testid="pdf-loading">
        <Stack align="center" gap="sm" w={320}>
          <Loader size="lg" />
          <Text c="dimmed">{t('msg.doc.loading')}</Text>
          {progress !== null && progress !== undefined && <Progress value={progress} w="100%" aria-label={t('msg.doc.loading')} />}
        </Stack>
      </Center>
    );
  }
  return (
    <Box style={layer} data-testid="pdf-viewer">
      <Group justify="space-between" px="sm" py={6} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Text fw={600} truncate>{title}</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" component="a" href={url} download={fileName} leftSection={<IconDownload size={14} />}>{t('msg.doc.download')}</Button>
          <Button size="xs" variant="subtle" color="gray" onClick={() => window.close()} leftSection={<IconX size={14} />}>{t('msg.doc.close')}</Button>
        </Group>
      </Group>
      <iframe title={title} src={url} style={{ flex: 1, width: '100%', border: 0 }} />
    </Box>
  );
}
