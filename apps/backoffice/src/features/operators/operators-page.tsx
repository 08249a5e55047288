import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { useMe } from '../../lib/api/get-me';
import { useOperators } from './api';
import { ResetTotpDialog } from './reset-totp-dialog';

/** Admins: every operator with role, status and two-factor state, and a reset for lost authenticators. */
export function OperatorsPage() {
  const { t, i18n } = useTranslation();
  const { data: me } = useMe();
  const operators = useOperators();
  const [resetting, setResetting] = useState<string | null>(null);
  const [notice, setNotice] = useState('');

  useEffect(() => {
    document.title = t('operators.documentTitle');
  }, [t]);

  const dates = new Intl.DateTimeFormat(i18n.language === 'pt' ? 'pt-BR' : 'en', { dateStyle: 'short', timeStyle: 'short' });

  return (
    <section className="page" aria-labelledby="operators-title">
      <h1 id="operators-title">{t('operators.title')}</h1>
      <p role="status" className="notice">
        {notice}
      </p>
      {operators.isPending && <p>{t('loading')}</p>}
      {operators.isError && (
        <p role="alert" className="form-error">
          {errorText(t, operators.error)}
        </p>
      )}
      {operators.data && (
        <div className="table-scroll" role="region" aria-labelledby="operators-title" tabIndex={0}>
          <table>
            <thead>
              <tr>
                <th scope="col">{t('operators.username')}</th>
                <th scope="col">{t('operators.role')}</th>
                <th scope="col">{t('operators.status')}</th>
                <th scope="col">{t('operators.twoFactor')}</th>
                <th scope="col">{t('operators.lastLogin')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('operators.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {operators.data.map((op) => (
                <tr key={op.operatorId}>
                  <th scope="row">{op.username}</th>
                  <td>{t(`roles.${op.role}`)}</td>
                  <td>{t(`operators.statuses.${op.status}`)}</td>
                  <td>{op.totpEnrolled ? t('operators.enrolled') : t('operators.notEnrolled')}</td>
                  <td>{op.lastLoginAt ? dates.format(new Date(op.lastLoginAt)) : t('operators.never')}</td>
                  <td>
                    {op.operatorId !== me?.operatorId && op.totpEnrolled && (
                      <button
                        type="button"
                        className="button small"
                        aria-label={t('operators.resetFor', { username: op.username })}
                        onClick={() => {
                          setNotice('');
                          setResetting(op.username);
                        }}
                      >
                        {t('operators.resetAction')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {resetting && (
        <ResetTotpDialog
          username={resetting}
          onClose={() => setResetting(null)}
          onDone={() => {
            setNotice(t('operators.reset.done', { username: resetting }));
            setResetting(null);
          }}
        />
      )}
    </section>
  );
}
