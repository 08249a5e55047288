import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { SmsSentResult } from '@wps/shared/schemas/verification';
import { CLICK_THROTTLE_MS, SMS_COUNTDOWN_SECONDS_PER_MINUTE } from '@wps/shared/constants';
import { TextField, type TextFieldProps } from '@wps/ui/text-field';
import { Spinner } from '@wps/ui/spinner';
import { showWarning } from '../ui/warning-store';
import { translateError } from '../../lib/i18n';
import { useCountdown } from './use-countdown';
import './form.css';

export type SmsCodeFieldProps = Omit<TextFieldProps, 'trailing'> & {
  /** Validate the mobile number and send the code; resolve null when validation stopped it. */
  onSend: () => Promise<SmsSentResult | null>;
  isSending: boolean;
  /** 'minutes': 60 s × expiredMinutes (login, registration); 'until': to expirationTime (reset). */
  countdownMode?: 'minutes' | 'until';
};

/**
 * The verification-code input with its 'get code' button: the send is throttled to
 * once per 1000 ms, and after a send the button is disabled with 'code sent' and the seconds
 * left. A failed send shows the server's message in a warning dialog.
 */
export function SmsCodeField({ onSend, isSending, countdownMode = 'minutes', ...fieldProps }: SmsCodeFieldProps) {
  const { t } = useTranslation('auth');
  const countdown = useCountdown();
  const isInFlight = useRef(false);
  const lastSentAt = useRef(0);
  // Throttle real sends to one per 1000 ms; a click stopped by the number's validation does not
  // count, so fixing the number and clicking again works at once.
  function send() {
    if (isInFlight.current || Date.now() - lastSentAt.current < CLICK_THROTTLE_MS) return;
    isInFlight.current = true;
    onSend()
      .then(
        (result) => {
          if (!result) return;
          lastSentAt.current = Date.now();
          if (countdownMode === 'until') countdown.startUntil(result.expirationTime);
          else countdown.startSeconds(SMS_COUNTDOWN_SECONDS_PER_MINUTE * result.expiredMinutes);
        },
        (error: unknown) => {
          lastSentAt.current = Date.now();
          showWarning(translateError(error));
        },
      )
      .finally(() => {
        isInFlight.current = false;
      });
  }
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={8}
      {...fieldProps}
      trailing={
        <button
          type="button"
          className="form-sms-button"
          disabled={countdown.isRunning || isSending}
          aria-busy={isSending || undefined}
          onClick={send}
        >
          {isSending ? <Spinner size={14} /> : null}
          {countdown.isRunning ? t('actions.codeSent', { seconds: countdown.secondsLeft }) : t('actions.getCode')}
        </button>
      }
    />
  );
}
