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

/**
 * Renders a long document in parts (each a document of a run of its pages), reporting each finished part and
 * letting the page repaint between them, then joins them into one PDF.
 */
export async function renderPdfParts(parts: readonly ReactElement<DocumentProps>[], title: string, onPart: (done: number) => void, isCancelled: () => boolean): Promise<Blob | null> {
  if (parts.length === 1) return renderPdfBlob(parts[0]);
  const made: Uint8Array[] = [];
  for (const part of parts) {
    if (isCancelled()) return null;
    made.push(new Uint8Array(await (await renderPdfBlob(part)).arrayBuffer()));
    onPart(made.length);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  const { mergePdfs } = await import('@isik/documents');
  return new Blob([(await mergePdfs(made, title)) as Uint8Array<ArrayBuffer>], { type: 'application/pdf' });
}

export interface PdfViewerProps {
  /** The document to render, or its parts (pages from..to of a long document, made one after another); null while its data is loading. */
  doc: ReactElement<DocumentProps> | readonly ReactElement<DocumentProps>[] | null;
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
  const [partsDone, setPartsDone] = useState(0);
  const parts = doc === null ? 0 : Array.isArray(doc) ? doc.length : 1;

  useEffect(() => {
    if (!doc) return;
    let cancelled = false;
    let made: string | null = null;
    setPartsDone(0);
    const render = Array.isArray(doc)
      ? renderPdfParts(doc as readonly ReactElement<DocumentProps>[], title, setPartsDone, () => cancelled)
      : renderPdfBlob(doc as ReactElement<DocumentProps>);
    render.then((blob) => {
      if (cancelled || !blob) return;
      made = URL.createObjectURL(blob);
      setUrl(made);
    }, (e: unknown) => {
      if (!cancelled) setFailed(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      if (made) URL.revokeObjectURL(made);
    };
    // The title only names the joined file; a new title alone does not make the document again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
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
          {parts > 1 && (
            <>
              <Text size="sm" c="dimmed" data-testid="pdf-render-progress">{t('msg.doc.renderingPages', { done: partsDone, total: parts })}</Text>
              <Progress value={(partsDone / parts) * 100} w="100%" aria-label={t('msg.doc.renderingPages', { done: partsDone, total: parts })} />
            </>
          )}
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
