import { useEffect } from 'react';

/** Sets the document title and the description meta for as long as the page is shown. */
export function usePageMeta(title: string | null, description: string | null): void {
  useEffect(() => {
    if (title === null) return;
    const previousTitle = document.title;
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    const created = !meta;
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    const previousDescription = meta.content;
    meta.content = description ?? '';
    return () => {
      document.title = previousTitle;
      if (created) meta.remove();
      else meta.content = previousDescription;
    };
  }, [title, description]);
}
