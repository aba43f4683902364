import {
  DEFAULT_COUNTRY, FILES_URL_PREFIX, issuesToFields, myCompanyInputSchema, normalizeIban, smallFileUrl,
  type Currency, type MyCompany, type MyCompanyInput,
} from '@isik/domain';

export const INFO_FIELDS = [
  'sirket_adi', 'sirket_adres', 'sirket_ilce', 'sirket_il', 'sirket_ulke', 'sirket_pk', 'sirket_email', 'sirket_email2',
  'sirket_web', 'sirket_tel', 'sirket_fax', 'sirket_vergidairesi', 'sirket_vergino',
] as const;
export type InfoField = (typeof INFO_FIELDS)[number];

/** A file of a row: a stored URL or a freshly read data URL, with the picked file's name and size. */
export interface PickedFile { value: string; name?: string; size?: number }

export interface QcRow { no: number; Question: string }
export interface CertificateRow { certificate: string; file: PickedFile; bwfile: PickedFile }
export interface BankRow { bank: string; branch: string; iban: string; currency: string }

export type MyCompanyFormValues = Record<InfoField, string> & {
  sirket_rapor_logo: PickedFile;
  sirket_kase: PickedFile;
  sirket_kaseimza: PickedFile;
  bwlogo: PickedFile;
  QCQuestions: QcRow[];
  certificates: CertificateRow[];
  banks: BankRow[];
};

const file = (value: string | undefined | null): PickedFile => ({ value: value ?? '' });

export function toFormValues(c: MyCompany | null | undefined): MyCompanyFormValues {
  const info = Object.fromEntries(INFO_FIELDS.map((f) => [f, c ? c[f] : ''])) as Record<InfoField, string>;
  if (!c) info.sirket_ulke = DEFAULT_COUNTRY;
  return {
    ...info,
    sirket_rapor_logo: file(c?.sirket_rapor_logo),
    sirket_kase: file(c?.sirket_kase),
    sirket_kaseimza: file(c?.sirket_kaseimza),
    bwlogo: file(c?.bwlogo),
    QCQuestions: (c?.QCQuestions ?? []).map((q) => ({ ...q })),
    certificates: (c?.certificates ?? []).map((x) => ({ certificate: x.certificate, file: file(x.file), bwfile: file(x.bwfile) })),
    banks: (c?.banks ?? []).map((b) => ({ ...b })),
  };
}

/** The body create and update send (files as data URLs when new, stored URLs otherwise). */
export function toBody(v: MyCompanyFormValues): MyCompanyInput {
  const info = Object.fromEntries(INFO_FIELDS.map((f) => [f, v[f]])) as Record<InfoField, string>;
  return {
    ...info,
    sirket_rapor_logo: v.sirket_rapor_logo.value,
    sirket_kase: v.sirket_kase.value,
    sirket_kaseimza: v.sirket_kaseimza.value,
    bwlogo: v.bwlogo.value,
    QCQuestions: v.QCQuestions.map((q) => ({ no: q.no, Question: q.Question })),
    certificates: v.certificates.map((c) => ({ certificate: c.certificate, file: c.file.value, bwfile: c.bwfile.value })),
    banks: v.banks.map((b) => ({ bank: b.bank, branch: b.branch, iban: normalizeIban(b.iban), currency: b.currency as Currency })),
  };
}

/** The domain's rules on the whole form: { field path: message key } (e.g. 'banks.1.iban'). */
export function validateMyCompany(v: MyCompanyFormValues): Record<string, string> {
  const parsed = myCompanyInputSchema.safeParse(toBody(v));
  return parsed.success ? {} : issuesToFields(parsed.error.issues);
}

/** Spec 000 2.6: a picked file's size as rounded kB (size / 1000). */
export function fileSizeKb(bytes: number): number {
  return Math.round(bytes / 1000);
}

export function readAsDataUrl(f: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable file')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsDataURL(f);
  });
}

export const isDataUrl = (v: string) => v.startsWith('data:');
export const isPdf = (v: string) => v.startsWith('data:application/pdf');

/** The address to preview a file: the data URL itself, or the stored file's small image. */
export function previewUrl(v: string): string {
  return isDataUrl(v) ? v : v.startsWith(FILES_URL_PREFIX) ? smallFileUrl(v) : v;
}

/** Which tab an error path belongs to, for the red marks on the tabs. */
export function tabOfField(path: string): 'info' | 'images' | 'qc' | 'certificates' | 'banks' {
  if (path.startsWith('QCQuestions')) return 'qc';
  if (path.startsWith('certificates')) return 'certificates';
  if (path.startsWith('banks')) return 'banks';
  if (['sirket_rapor_logo', 'sirket_kase', 'sirket_kaseimza', 'bwlogo'].includes(path)) return 'images';
  return 'info';
}

/** Errors of the rows of one list: { rowIndex: [messages] }. */
export function rowErrors(errors: Record<string, unknown>, list: string): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [path, msg] of Object.entries(errors)) {
    const m = new RegExp(`^${list}\\.(\\d+)(?:\\.|$)`).exec(path);
    if (!m || typeof msg !== 'string' || !msg) continue;
    const i = Number(m[1]);
    out.set(i, [...(out.get(i) ?? []), msg]);
  }
  return out;
}

/** The next free question number. */
export function nextQuestionNo(rows: readonly QcRow[]): number {
  return rows.reduce((m, r) => Math.max(m, Number(r.no) || 0), 0) + 1;
}
