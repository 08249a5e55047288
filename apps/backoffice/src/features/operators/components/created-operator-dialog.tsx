import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import { Modal } from '@wps/ui/modal';
import type { OperatorCreated } from '@wps/shared/schemas/operator';

/** After creating: the generated first password, shown this once, or a reminder of the one given. */
export function CreatedOperatorDialog({ created, onClose }: { created: OperatorCreated | null; onClose: () => void }) {
  const { t } = useTranslation('operators');
  if (!created) return null;
  return (
    <Modal open onClose={onClose} title={t('created.title', { username: created.operator.username })} size="md">
      {created.generatedPassword ? (
        <>
          <p>{t('created.body')}</p>
          <dl className="facts">
            <div>
              <dt>{t('created.password')}</dt>
              <dd>
                <code className="operator-password" data-testid="generated-password">
                  {created.generatedPassword}
                </code>
              </dd>
            </div>
          </dl>
        </>
      ) : (
        <p>{t('created.noPassword')}</p>
      )}
      <div className="actions">
        <Button data-autofocus onClick={onClose}>
          {t('created.close')}
        </Button>
      </div>
    </Modal>
  );
}
