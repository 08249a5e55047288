import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@wps/ui/button';
import type { LotteryFamily } from '@wps/shared/lottery/types';
import type { LotteryDrawView } from '@wps/shared/schemas/lottery';
import { useFormats } from '../../../lib/format';
import { verifierCommand, verifyDraw, type DrawCheck } from '../verify-draw';
import { ResultView } from './result-view';

/**
 * A decided draw: its numero, result, and for a fair draw the committed hash, the revealed seed
 * and a check that recomputes the result in the browser.
 */
export function DrawCard({
  family,
  draw,
  headingLevel = 3,
}: {
  family: LotteryFamily;
  draw: LotteryDrawView;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('lottery');
  const formats = useFormats();
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="lot-draw" data-testid="lottery-draw" data-numero={draw.numero}>
      <Heading className="lot-draw__title">
        {t('draw.numero', { numero: draw.numero })} <span className="lot-muted">{formats.dateTime(draw.drawAt)}</span>
      </Heading>
      <ResultView result={draw.result} />
      {draw.serverSeed && draw.serverSeedHash ? (
        <details className="lot-fair">
          <summary>{t('fair.title')}</summary>
          <dl className="lot-fair__list">
            <dt>{t('fair.hash')}</dt>
            <dd className="lot-mono" data-testid="lottery-seed-hash">
              {draw.serverSeedHash}
            </dd>
            <dt>{t('fair.seed')}</dt>
            <dd className="lot-mono" data-testid="lottery-seed">
              {draw.serverSeed}
            </dd>
            <dt>{t('fair.drawKey')}</dt>
            <dd className="lot-mono" data-testid="lottery-draw-key">{`${draw.gameCode}:${draw.numero}`}</dd>
          </dl>
          <Button
            variant="secondary"
            size="sm"
            data-testid="lottery-verify"
            onClick={() => setCheck(verifyDraw(family, draw))}
          >
            {t('fair.verify')}
          </Button>
          {check ? (
            <p
              role="status"
              className={`lot-check lot-check--${check.status}`}
              data-testid="lottery-verify-status"
              data-status={check.status}
            >
              {t(`fair.${check.status}`)}
            </p>
          ) : null}
          <p className="lot-muted">{t('fair.command')}</p>
          <code className="lot-mono lot-command">{verifierCommand(family, draw)}</code>
        </details>
      ) : draw.serverSeedHash ? null : (
        <p className="lot-muted">{t('fair.operator')}</p>
      )}
    </article>
  );
}
