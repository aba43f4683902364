import { useTranslation } from 'react-i18next';
import { docLang, type DocLang } from '@isik/documents';

/** The document's language (spec 002): the route's (?lang= or /{lang}) when given, else the reader's (0 Turkish, 1 otherwise). */
export function useDocLang(fromRoute: string | null | undefined): DocLang {
  const { i18n } = useTranslation();
  if (fromRoute !== null && fromRoute !== undefined && fromRoute !== '') return docLang(fromRoute);
  return i18n.language === 'tr' ? 0 : 1;
}
