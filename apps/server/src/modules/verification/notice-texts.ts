import { OTP_TTL_MINUTES } from '@wps/shared/constants';

/**
 * The words of the codes and links the platform sends by SMS and e-mail, in the player's language.
 * They were bilingual (Portuguese, then English) in one message, which a player read as half
 * English. A message goes out in the language the site is shown in when it is asked for (the
 * request's `Language` header, as the member module keeps it) and in Portuguese, the site's
 * default, when none is known. The site's two complete languages are the only ones: any other
 * falls back to Portuguese, as the site's own words do.
 */
export type NoticeLanguage = 'PT' | 'EN';

/** The message language for a `Language` header or a member's saved language ("EN", "en-US", "pt-BR"…). */
export function noticeLanguage(language: string | null | undefined): NoticeLanguage {
  return language && /^en\b/i.test(language.replace('_', '-')) ? 'EN' : 'PT';
}

type Mail = { subject: string; text: string };

const MINUTES = OTP_TTL_MINUTES;

/** The SMS of a six-digit code (registration, SMS login, password reset, linking a mobile); the code is its only six-digit run. */
export function otpSms(code: string, language: NoticeLanguage): string {
  return language === 'EN'
    ? `Your verification code: ${code}. Valid for ${MINUTES} minutes. Do not share it.`
    : `Seu código de verificação: ${code}. Válido por ${MINUTES} minutos. Não o compartilhe.`;
}

/** The code of a login from a device the account has not remembered: by SMS. */
export function loginCodeSms(code: string, language: NoticeLanguage): string {
  return language === 'EN'
    ? `Your code to log in from a new device: ${code}. Valid for ${MINUTES} minutes. Do not share it.`
    : `Seu código para entrar de um novo dispositivo: ${code}. Válido por ${MINUTES} minutos. Não o compartilhe.`;
}

/** The same code by e-mail, where the account has no mobile. */
export function loginCodeMail(code: string, language: NoticeLanguage): Mail {
  return {
    subject: language === 'EN' ? 'Login code' : 'Código de acesso',
    text: loginCodeSms(code, language),
  };
}

/** The link of a password reset by e-mail, valid for `minutes`. */
export function passwordResetMail(account: string, link: string, minutes: number, language: NoticeLanguage): Mail {
  const lines =
    language === 'EN'
      ? [
          `Hello ${account},`,
          `To reset your password, open this link within ${minutes} minutes: ${link}`,
          'If you did not ask for this, ignore this e-mail.',
        ]
      : [
          `Olá ${account},`,
          `Para redefinir a sua senha, abra este link nos próximos ${minutes} minutos: ${link}`,
          'Se não pediu esta alteração, ignore este e-mail.',
        ];
  return { subject: language === 'EN' ? 'Reset your password' : 'Redefinir senha', text: lines.join('\n') };
}

/** The code that links an e-mail address to an account. */
export function emailBindCodeMail(code: string, language: NoticeLanguage): Mail {
  return language === 'EN'
    ? {
        subject: 'Verification code',
        text: `Your code to link this e-mail: ${code}. Valid for ${MINUTES} minutes. Do not share it.`,
      }
    : {
        subject: 'Código de verificação',
        text: `Seu código para vincular este e-mail: ${code}. Válido por ${MINUTES} minutos. Não o compartilhe.`,
      };
}

/** What the owner of an address already linked elsewhere is told instead of a code. */
export function emailBindNoticeMail(language: NoticeLanguage): Mail {
  return language === 'EN'
    ? {
        subject: 'Link this e-mail',
        text: 'Someone tried to link this e-mail to another account. If it was not you, ignore this message.',
      }
    : {
        subject: 'Vincular e-mail',
        text: 'Alguém tentou vincular este e-mail a outra conta. Se não foi você, ignore esta mensagem.',
      };
}
