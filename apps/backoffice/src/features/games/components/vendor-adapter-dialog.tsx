import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { TextField } from '@wps/ui/text-field';
import { WALLET_MODELS } from '@wps/shared/schemas/catalogue';
import {
  VENDOR_SECRET_MAX_LENGTH,
  VENDOR_SECRET_MIN_LENGTH,
  VENDOR_TIMEOUT_MAX_MS,
  VENDOR_TIMEOUT_MIN_MS,
  vendorAdapterBodySchema,
  vendorAdapterConnectBodySchema,
  type OpsVendorAdapter,
} from '@wps/shared/schemas/vendor-adapters';
import { useSetVendorAdapter } from '../api/set-vendor-adapter';
import type { OpsVendor } from '../api/vendors-list';
import { SettingsDialog } from './settings-dialog';

type FormInput = z.input<typeof vendorAdapterBodySchema>;
type FormValues = z.output<typeof vendorAdapterBodySchema>;

type VendorAdapterDialogProps = {
  vendor: OpsVendor;
  /** The vendor's connection; undefined while it has none (the dialog then connects it). */
  adapter: OpsVendorAdapter | undefined;
  onClose: () => void;
};

/**
 * Connect a vendor or change its connection, checked by the shared request schema: wallet model,
 * the game page's address, the wallet API's (transfer vendors), the timeout, and the shared
 * secret. The secret field starts empty and is a password field: connecting needs it, an edit
 * keeps the stored secret when it is left empty. Nothing of the secret is ever shown back.
 */
export function VendorAdapterDialog({ vendor, adapter, onClose }: VendorAdapterDialogProps) {
  const { t } = useTranslation('games');
  const walletId = useId();
  const isConnected = adapter !== undefined;
  const save = useSetVendorAdapter(() =>
    t(isConnected ? 'adapters.saved' : 'adapters.connected', { name: vendor.name }),
  );
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FormInput, unknown, FormValues>({
    resolver: zodResolver(isConnected ? vendorAdapterBodySchema : vendorAdapterConnectBodySchema),
    defaultValues: {
      walletModel:
        adapter?.walletModel === 'transfer' || (!adapter && vendor.walletModel === 'transfer')
          ? 'transfer'
          : 'seamless',
      launchUrl: adapter?.launchUrl ?? '',
      apiUrl: adapter?.apiUrl ?? '',
      requestTimeoutMs: adapter?.requestTimeoutMs ?? 5000,
      secret: '',
      reason: '',
    },
  });
  const submit = handleSubmit(async (values) => {
    await save.mutateAsync({ vassalage: vendor.vassalage, ...values }).then(onClose, () => undefined);
  });
  const urlError = (error: { message?: string | undefined } | undefined) =>
    error ? t(error.message === 'required' ? 'adapters.apiUrlRequired' : 'adapters.urlInvalid') : undefined;
  const secretError = errors.secret
    ? t(errors.secret.message === 'required' ? 'adapters.secretRequired' : 'adapters.secretInvalid', {
        min: VENDOR_SECRET_MIN_LENGTH,
        max: VENDOR_SECRET_MAX_LENGTH,
      })
    : undefined;

  return (
    <SettingsDialog
      title={t(isConnected ? 'adapters.editTitle' : 'adapters.connectTitle', { name: vendor.name })}
      onClose={onClose}
      onSubmit={submit}
      isPending={save.isPending}
      errorMessage={save.errorMessage}
      reason={register('reason')}
      hasReasonError={errors.reason !== undefined}
    >
      <p>{t('adapters.dialogIntro')}</p>
      <div className="field">
        <label className="field__label" htmlFor={walletId}>
          {t('vendors.walletModel')}
        </label>
        <select id={walletId} className="field__input" data-autofocus {...register('walletModel')}>
          {WALLET_MODELS.map((model) => (
            <option key={model} value={model}>
              {t(`walletModels.${model}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={t('adapters.launchUrl')}
        type="url"
        autoComplete="off"
        spellCheck={false}
        hint={t('adapters.launchUrlHint')}
        error={urlError(errors.launchUrl)}
        {...register('launchUrl')}
      />
      <TextField
        label={t('adapters.apiUrl')}
        type="url"
        autoComplete="off"
        spellCheck={false}
        hint={t('adapters.apiUrlHint')}
        error={urlError(errors.apiUrl)}
        {...register('apiUrl')}
      />
      <TextField
        label={t('adapters.timeoutLabel')}
        type="number"
        inputMode="numeric"
        min={VENDOR_TIMEOUT_MIN_MS}
        max={VENDOR_TIMEOUT_MAX_MS}
        error={
          errors.requestTimeoutMs
            ? t('adapters.timeoutInvalid', { min: VENDOR_TIMEOUT_MIN_MS, max: VENDOR_TIMEOUT_MAX_MS })
            : undefined
        }
        {...register('requestTimeoutMs', { valueAsNumber: true })}
      />
      <TextField
        label={t('adapters.secret')}
        type="password"
        autoComplete="new-password"
        spellCheck={false}
        requiredMark={!isConnected}
        hint={
          isConnected
            ? t('adapters.secretKeepHint', { fingerprint: adapter.secretFingerprint })
            : t('adapters.secretNewHint', { min: VENDOR_SECRET_MIN_LENGTH, max: VENDOR_SECRET_MAX_LENGTH })
        }
        error={secretError}
        {...register('secret')}
      />
    </SettingsDialog>
  );
}
