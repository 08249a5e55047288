import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '@wps/ui/button';
import { TextField } from '@wps/ui/text-field';
import { formatDayInput, parseDayInput } from '@wps/shared/day-input';
import { inhouseCertificateBodySchema, inhouseCertificateSchema } from '@wps/shared/schemas/inhouse-certificates';
import type { OpsInhouseGame } from '@wps/shared/schemas/inhouse-settings';
import { useSetInhouseCertificate } from '../api/set-inhouse-certificate';
import { SettingsDialog } from './settings-dialog';

/** Today as YYYY-MM-DD in the operator's browser: a certificate is not issued in the future. */
const today = () => new Date().toLocaleDateString('en-CA');

/** The form as typed: the day as dd/mm/aaaa (or an ISO day pasted), read into the shared body. */
const formSchema = z.object({
  lab: inhouseCertificateSchema.shape.lab,
  number: inhouseCertificateSchema.shape.number,
  issuedOn: z.string().transform((text, ctx) => {
    const day = parseDayInput(text);
    if (day === null || day > today()) {
      ctx.addIssue({ code: 'custom', message: 'day' });
      return z.NEVER;
    }
    return day;
  }),
  reason: inhouseCertificateBodySchema.shape.reason,
});

/**
 * A house original's lab certificate (docs/compliance.md, "House originals and their
 * certificates"): the lab, the certificate's number and its day of issue, saved or withdrawn with
 * the reason for the audit log. Withdrawn under BR, the original is hidden from players again.
 */
export function InhouseCertificateDialog({ game, onClose }: { game: OpsInhouseGame; onClose: () => void }) {
  const { t } = useTranslation('games');
  const [withdrawing, setWithdrawing] = useState(false);
  const save = useSetInhouseCertificate((r) =>
    t(r.after ? 'inhouse.certificateSaved' : 'inhouse.certificateWithdrawn', { name: game.name }),
  );
  const {
    register,
    handleSubmit,
    getValues,
    trigger,
    formState: { errors },
  } = useForm<z.input<typeof formSchema>, unknown, z.output<typeof formSchema>>({
    resolver: zodResolver(formSchema),
    defaultValues: {
      lab: game.certificate?.lab ?? '',
      number: game.certificate?.number ?? '',
      issuedOn: game.certificate ? formatDayInput(game.certificate.issuedOn) : '',
      reason: '',
    },
  });
  const submit = handleSubmit(async ({ reason, ...certificate }) => {
    await save.mutateAsync({ nodeId: game.nodeId, certificate, reason }).then(onClose, () => undefined);
  });
  // Withdrawing asks only for the reason.
  const withdraw = async () => {
    if (!(await trigger('reason'))) return;
    setWithdrawing(true);
    await save
      .mutateAsync({ nodeId: game.nodeId, certificate: null, reason: getValues('reason') })
      .then(onClose, () => setWithdrawing(false));
  };

  return (
    <SettingsDialog
      title={t('inhouse.certificateTitle', { name: game.name })}
      onClose={onClose}
      onSubmit={submit}
      isPending={save.isPending}
      errorMessage={save.errorMessage}
      reason={register('reason')}
      hasReasonError={errors.reason !== undefined}
    >
      <p>{t('inhouse.certificateIntro')}</p>
      <TextField
        label={t('inhouse.certificateLab')}
        autoComplete="off"
        data-autofocus
        error={errors.lab ? t('inhouse.certificateLabProblem') : undefined}
        {...register('lab')}
      />
      <TextField
        label={t('inhouse.certificateNumber')}
        autoComplete="off"
        error={errors.number ? t('inhouse.certificateNumberProblem') : undefined}
        {...register('number')}
      />
      <TextField
        label={t('inhouse.certificateIssuedOn')}
        inputMode="numeric"
        autoComplete="off"
        error={errors.issuedOn ? t('inhouse.certificateIssuedOnProblem') : undefined}
        {...register('issuedOn')}
      />
      {game.certificate && (
        <Button variant="ghost" onClick={() => void withdraw()} loading={withdrawing} disabled={save.isPending}>
          {t('inhouse.certificateWithdraw')}
        </Button>
      )}
    </SettingsDialog>
  );
}
