import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { InhouseAuth } from '@wps/shared/schemas/inhouse';
import { Button } from '@wps/ui/button';
import { toast } from '../../../components/ui/toast';
import { translateError } from '../../../lib/i18n';
import { useFairState } from '../api/get-fair-state';
import { useRotateSeed } from '../api/rotate-seed';
import { clientSeedFormSchema, useSetClientSeed } from '../api/set-client-seed';
import { verifierCommand, verifyRound } from '../verify-round';

/** Provably fair: the committed server seed hash, the player's client seed and nonce, rotation and recent rounds. */
export function FairnessPanel({ auth }: { auth: InhouseAuth }) {
  const { t } = useTranslation('inhouse');
  const seedId = useId();
  const errorId = useId();
  const fair = useFairState(auth);
  const setSeed = useSetClientSeed(auth);
  const rotate = useRotateSeed(auth);
  const [draft, setDraft] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const data = fair.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = clientSeedFormSchema.safeParse({ clientSeed: draft });
    if (!parsed.success) {
      setFieldError(t('fair.clientSeedInvalid'));
      return;
    }
    setFieldError(null);
    setSeed.mutate(parsed.data.clientSeed, {
      onSuccess: () => {
        setDraft('');
        toast.success(t('fair.clientSeedSaved'));
      },
      onError: (err) => setFieldError(translateError(err)),
    });
  };

  return (
    <details className="ih-fair" data-testid="fairness-panel">
      <summary>{t('fair.title')}</summary>
      <p className="ih-muted">{t('fair.explain')}</p>
      {fair.isLoading ? (
        <div className="skeleton ih-fair__skeleton" aria-busy="true">
          <span className="visually-hidden">{t('loading')}</span>
        </div>
      ) : fair.error ? (
        <p role="alert">{translateError(fair.error)}</p>
      ) : data ? (
        <>
          <dl className="ih-fair__facts">
            <div>
              <dt>{t('fair.serverSeedHash')}</dt>
              <dd className="ih-mono" data-testid="fair-hash">
                {data.serverSeedHash}
              </dd>
            </div>
            <div>
              <dt>{t('fair.clientSeed')}</dt>
              <dd className="ih-mono" data-testid="fair-client-seed">
                {data.clientSeed}
              </dd>
            </div>
            <div>
              <dt>{t('fair.nonce')}</dt>
              <dd data-testid="fair-nonce">{data.nonce}</dd>
            </div>
          </dl>
          <form className="ih-fair__form" onSubmit={submit} noValidate>
            <div className="field">
              <label className="field__label" htmlFor={seedId}>
                {t('fair.newClientSeed')}
              </label>
              <div className="field__box">
                <input
                  id={seedId}
                  className="field__input ih-mono"
                  value={draft}
                  maxLength={64}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(e) => setDraft(e.target.value)}
                  aria-invalid={fieldError ? true : undefined}
                  aria-describedby={fieldError ? errorId : undefined}
                  data-testid="fair-client-seed-input"
                />
              </div>
              {fieldError && (
                <p id={errorId} className="field__error" role="alert">
                  {fieldError}
                </p>
              )}
            </div>
            <Button type="submit" variant="secondary" loading={setSeed.isPending} data-testid="fair-client-seed-save">
              {t('fair.saveClientSeed')}
            </Button>
          </form>
          <div className="ih-fair__rotate">
            <Button
              variant="secondary"
              loading={rotate.isPending}
              onClick={() =>
                rotate.mutate(undefined, {
                  onSuccess: () => toast.success(t('fair.rotated')),
                  onError: (err) => toast.error(translateError(err)),
                })
              }
              data-testid="fair-rotate"
            >
              {t('fair.rotate')}
            </Button>
            <span className="ih-muted">{t('fair.rotateHelp')}</span>
          </div>
          {data.previous && (
            <div className="ih-fair__previous" data-testid="fair-previous">
              <h3 className="ih-fair__subtitle">{t('fair.previous')}</h3>
              <dl className="ih-fair__facts">
                <div>
                  <dt>{t('fair.serverSeed')}</dt>
                  <dd className="ih-mono">{data.previous.serverSeed}</dd>
                </div>
                <div>
                  <dt>{t('fair.serverSeedHash')}</dt>
                  <dd className="ih-mono">{data.previous.serverSeedHash}</dd>
                </div>
                <div>
                  <dt>{t('fair.lastNonce')}</dt>
                  <dd>{data.previous.lastNonce ?? '—'}</dd>
                </div>
              </dl>
            </div>
          )}
          {data.rounds.length > 0 && (
            <div className="ih-fair__rounds">
              <h3 className="ih-fair__subtitle">{t('fair.recent')}</h3>
              <ul>
                {data.rounds.map((r) => {
                  const check = verifyRound(r);
                  return (
                    <li key={r.roundId} className="ih-fair__round" data-testid="fair-round">
                      <span>
                        {t('fair.nonceN', { nonce: r.nonce })} · {t(`games.${r.game}.short`)}
                      </span>
                      <span className={`ih-badge ih-badge--${check}`}>{t(`fair.check.${check}`)}</span>
                      <code className="ih-mono ih-fair__cmd">{verifierCommand(r)}</code>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </>
      ) : null}
    </details>
  );
}
