import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PROOF_MAX_BYTES, PROOF_MAX_FILES, type WithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useReportNotReceived } from '../api/report-not-received';

const ACCEPTED = ['image/png', 'image/jpeg'];

/** "Not received": attach 1–3 png or jpg proofs of at most 5 MB; the server checks the bytes again. */
export function NotReceivedDialog({ order, onClose }: { order: WithdrawalOrder; onClose: () => void }) {
  const { t } = useTranslation('withdraw');
  const mutation = useReportNotReceived();
  const [files, setFiles] = useState<File[]>([]);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();

  function onPick(event: ChangeEvent<HTMLInputElement>) {
    const picked = Array.from(event.target.files ?? []);
    setError(null);
    if (picked.length > PROOF_MAX_FILES || picked.some((f) => f.size > PROOF_MAX_BYTES)) {
      setError(t('proof.tooMany'));
      setFiles([]);
      event.target.value = '';
      return;
    }
    if (picked.some((f) => !ACCEPTED.includes(f.type))) {
      setError(t('proof.onlyImages'));
      setFiles([]);
      event.target.value = '';
      return;
    }
    setFiles(picked);
  }

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0) {
      setError(t('proof.required'));
      return;
    }
    mutation.mutate(
      { id: order.id, files },
      {
        onSuccess: () => {
          toast.success(t('proof.sent'));
          onClose();
        },
        onError: (e) => setError(translateError(e)),
      },
    );
  }

  return (
    <Modal open onClose={onClose} title={t('proof.title')} size="sm">
      <form className="wd-proof" onSubmit={onSubmit} noValidate>
        <p className="wd-proof__text">{t('proof.text')}</p>
        <label className="field__label" htmlFor={inputId}>
          {t('proof.pick')}
        </label>
        <input
          id={inputId}
          className="wd-proof__input"
          type="file"
          accept="image/png,image/jpeg"
          multiple
          aria-describedby={error ? errorId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={onPick}
        />
        <p className="wd-hint">{t('proof.rules')}</p>
        {files.length > 0 && (
          <ul className="wd-proof__files">
            {files.map((f) => (
              <li key={`${f.name}-${f.size}`}>{f.name}</li>
            ))}
          </ul>
        )}
        {error && (
          <p id={errorId} className="wd-error" role="alert">
            {error}
          </p>
        )}
        <div className="wd-proof__actions">
          <Button variant="ghost" onClick={onClose}>
            {t('proof.cancel')}
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            {t('proof.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
