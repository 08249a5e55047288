import { useTranslation } from 'react-i18next';
import { Modal } from '@wps/ui/modal';
import { EmptyState, ErrorState, LoadingState } from '@wps/ui/states';
import type { OpsWithdrawalOrder } from '@wps/shared/schemas/withdrawal';
import { errorText } from '../../../lib/error-text';
import { localeTag } from '../../../lib/i18n';
import { useWithdrawalProofImage } from '../api/withdrawal-proof-image';
import { useWithdrawalProofs, type WithdrawalProof } from '../api/withdrawal-proofs';

/** Bytes as "12,3 KB" in the interface language. */
function formatSize(bytes: number, locale: string): string {
  const kb = bytes / 1024;
  const [value, unit] = kb < 1024 ? [kb, 'kilobyte'] : [kb / 1024, 'megabyte'];
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: 1 }).format(
    value,
  );
}

/** One proof image, fetched with the operator's token; dropped from memory when the dialog closes. */
function ProofImage({ order, proof }: { order: OpsWithdrawalOrder; proof: WithdrawalProof }) {
  const { t, i18n } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const image = useWithdrawalProofImage(order.id, proof.index);
  const locale = localeTag(i18n.language);
  const number = proof.index + 1;
  const at = new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(
    new Date(proof.createdAt),
  );
  return (
    <figure className="proof">
      {image.isPending ? (
        <LoadingState label={t('proofs.loadingImage', { number })} />
      ) : image.isError ? (
        <ErrorState message={errorText(tc, image.error)} />
      ) : (
        <img src={image.data} className="proof__image" alt={t('proofs.image', { number, id: order.id })} />
      )}
      <figcaption>
        {t('proofs.caption', {
          number,
          type: proof.contentType === 'image/png' ? 'PNG' : 'JPEG',
          size: formatSize(proof.sizeBytes, locale),
          at,
        })}
      </figcaption>
    </figure>
  );
}

function ProofList({ order }: { order: OpsWithdrawalOrder }) {
  const { t } = useTranslation('queues');
  const { t: tc } = useTranslation();
  const proofs = useWithdrawalProofs(order.id);
  if (proofs.isPending) return <LoadingState label={t('proofs.loading')} />;
  if (proofs.isError) return <ErrorState message={errorText(tc, proofs.error)} />;
  if (proofs.data.length === 0) return <EmptyState title={t('proofs.none')} />;
  return (
    <div className="proof-list">
      {proofs.data.map((proof) => (
        <ProofImage key={proof.index} order={order} proof={proof} />
      ))}
    </div>
  );
}

/** The proof images a player sent with a "not received" answer, for the operator checking the dispute. */
export function ProofsDialog({ order, onClose }: { order: OpsWithdrawalOrder | null; onClose: () => void }) {
  const { t } = useTranslation('queues');
  if (!order) return null;
  return (
    <Modal open onClose={onClose} title={t('proofs.title', { id: order.id })} size="lg">
      <p>{t('proofs.intro', { account: order.account })}</p>
      <ProofList order={order} />
    </Modal>
  );
}
