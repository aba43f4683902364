import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useForm, type FormErrors, type UseFormReturnType } from '@mantine/form';
import { confirmDelete } from '../components/confirm-delete';
import { i18n, tm } from '../i18n';
import { fieldErrorsOf, notifyError, notifySuccess } from './api';

/**
 * A stored record: its id and the version an update sends back (409 when someone saved in between). A single
 * settings record (e.g. the offer settings) has no id: it is always updated, never created.
 */
export interface VersionedRecord { _id?: string; __v: number }

export interface EntityFormOptions<Values extends object, Saved extends VersionedRecord> {
  /** The stored record (update mode); null or undefined creates a new one. */
  record: Saved | null | undefined;
  /** The form's values for a record (or the empty form for a new one). */
  toValues: (record: Saved | null | undefined) => Values;
  /** Domain rules: `{ field: messageKey }` for every rule broken (shown under the fields, translated). */
  validate?: (values: Values) => Partial<Record<string, string>>;
  /** False: the rules are checked when the user saves, not on every change (default true). */
  validateOnChange?: boolean;
  /** Errors shown before the first edit (e.g. spec 000 5: a new company starts with its required fields marked). */
  initialErrors?: FormErrors;
  /**
   * A modal's form (mounted while closed): each opening, and a new record while open, starts afresh (the record's
   * values and version, no errors, not dirty; a new record again after one was created). Absent: a page's form.
   */
  opened?: boolean;
  /** A refused save: by the rules (`error` undefined) or by the server (its `fields`, or {}); e.g. to show the tab of the first error. */
  onRefused?: (fields: FormErrors, error?: unknown) => void;
  /** Saves; `version` is the one the form read (0 for a new record). Answers the record as stored. */
  save: (args: { id: string | undefined; version: number; values: Values; current: Saved | null }) => Promise<Saved>;
  /** Deletes the stored record (offered by `remove()` only when given). */
  remove?: (id: string) => Promise<unknown>;
  /** Notice keys (i18n or domain message keys). */
  notices: { created: string; updated: string; deleted?: string };
  /** The delete question; default: the generic one. */
  deleteMessage?: ReactNode;
  onSaved?: (saved: Saved, mode: 'created' | 'updated') => void;
  onDeleted?: (record: Saved) => void;
  /** True: a field's rules are checked when the user leaves it (with `validateOnChange: false`: on leaving and saving only). */
  validateOnBlur?: boolean;
  /** The server's `fields` (paths as the server names them) as the form's fields; default: as they come. */
  serverErrors?: (fields: Record<string, string>) => FormErrors;
}

export interface EntityForm<Values extends object, Saved extends VersionedRecord> {
  form: UseFormReturnType<Values>;
  /** The record being edited: the given one, or the one this form created. */
  current: Saved | null;
  isNew: boolean;
  /** The form's submit handler: validates, saves, shows the notice or the server's field errors. */
  submit: (event?: React.FormEvent<HTMLFormElement>) => void;
  /** Asks, then deletes; the server's refusal (e.g. 409 'in use') shows as the danger notice. */
  remove: () => Promise<void>;
  saving: boolean;
  deleting: boolean;
  /** True after a refused save (by the rules or the server) until closed or saved: show the error summary. */
  errorsShown: boolean;
  hideErrors: () => void;
  /** Shows a record as stored (e.g. reloaded after a 409): its values and version, no errors, not dirty. */
  load: (record: Saved | null) => void;
  /** Props for a field: Mantine's input props, `name`, and the error translated. */
  input: (field: keyof Values & string) => ReturnType<UseFormReturnType<Values>['getInputProps']> & { name: string; error?: string };
}

/**
 * One entity form (docs/web-client.md): the values, the domain rules under the fields, the save with the version
 * it read (409 on a stale save), the server's `fields` under the fields, the success notice, the live refresh of an
 * untouched form, and confirm-then-delete. The screen keeps only its fields and layout.
 */
export function useEntityForm<Values extends object, Saved extends VersionedRecord>(
  options: EntityFormOptions<Values, Saved>,
): EntityForm<Values, Saved> {
  const { record, toValues, validate, save, remove, notices } = options;
  const [created, setCreated] = useState<Saved | null>(null);
  const current = record ?? created;
  const isNew = !current?._id;
  const form = useForm<Values>({
    initialValues: toValues(record),
    initialErrors: options.initialErrors,
    validate: validate ? (values) => validate(values) as FormErrors : undefined,
    validateInputOnChange: Boolean(validate) && (options.validateOnChange ?? true),
    validateInputOnBlur: Boolean(validate) && (options.validateOnBlur ?? false),
  });
  // The version this form read; an update sends it back so a stale save is refused (409) rather than lost.
  const [version, setVersion] = useState(record?.__v ?? 0);
  const [errorsShown, setErrorsShown] = useState(false);
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState(false);

  // The record the form's values came from: the one it opened with needs no refresh (which would clear `initialErrors`).
  const shown = useRef(record);
  // Another user's change (live update) refreshes an untouched form; edits in progress are never overwritten.
  useEffect(() => {
    if (!record || record === shown.current || form.isDirty()) return;
    shown.current = record;
    const next = toValues(record);
    form.setValues(next);
    form.resetDirty(next);
    setVersion(record.__v);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record]);

  const load = (next: Saved | null) => {
    shown.current = next;
    const values = toValues(next);
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    setVersion(next?.__v ?? 0);
  };

  // A modal starts afresh on each opening (or a new record while open); only then, never on a live refresh.
  useEffect(() => {
    if (!options.opened) return;
    setCreated(null);
    setErrorsShown(false);
    load(record ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [options.opened, record?._id]);

  const submit = form.onSubmit(
    async (values) => {
      setErrorsShown(false);
      setSaving(true);
      try {
        const saved = await save({ id: current?._id, version, values, current });
        const next = toValues(saved);
        form.setValues(next);
        form.resetDirty(next);
        form.clearErrors();
        setVersion(saved.__v);
        if (isNew) setCreated(saved);
        notifySuccess(isNew ? notices.created : notices.updated);
        options.onSaved?.(saved, isNew ? 'created' : 'updated');
      } catch (err) {
        const server = fieldErrorsOf(err);
        const fields = server && options.serverErrors ? options.serverErrors(server) : server;
        if (fields && Object.keys(fields).length > 0) {
          form.setErrors(fields);
          setErrorsShown(true);
        }
        notifyError(err);
        options.onRefused?.(fields ?? {}, err);
      } finally {
        setSaving(false);
      }
    },
    (errors) => {
      setErrorsShown(true);
      options.onRefused?.(errors);
    },
  );

  const doRemove = async () => {
    if (!current?._id || !remove) return;
    const confirmed = await confirmDelete({ message: options.deleteMessage ?? i18n.t('notice.deleteTitle') });
    if (!confirmed) return;
    setDeleting(true);
    try {
      await remove(current._id);
      if (notices.deleted) notifySuccess(notices.deleted);
      options.onDeleted?.(current);
    } catch (err) {
      notifyError(err);
    } finally {
      setDeleting(false);
    }
  };

  const input = (field: keyof Values & string) => {
    const props = form.getInputProps(field);
    const error = form.errors[field];
    return { ...props, name: field, error: typeof error === 'string' && error ? tm(error) : undefined };
  };

  return {
    form, current, isNew, submit, remove: doRemove, saving, deleting, errorsShown, hideErrors: () => setErrorsShown(false), load, input,
  };
}
