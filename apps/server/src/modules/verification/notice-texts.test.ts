import { describe, expect, it } from 'vitest';
import {
  emailBindCodeMail,
  emailBindNoticeMail,
  loginCodeMail,
  loginCodeSms,
  noticeLanguage,
  otpSms,
  passwordResetMail,
  type NoticeLanguage,
} from './notice-texts';

// English words a Portuguese message must not carry, and the reverse: a message is in one language.
const ENGLISH = /\b(your|code|valid|minutes|share|hello|reset|password|someone|ignore this)\b/i;
const PORTUGUESE = /\b(seu|código|válido|minutos|compartilhe|olá|redefinir|senha|vincular|alguém|ignore esta)\b/i;

function everyMessage(language: NoticeLanguage): string[] {
  const mails = [
    loginCodeMail('123456', language),
    passwordResetMail('maria', 'https://site.example/r?t=1', 30, language),
    emailBindCodeMail('123456', language),
    emailBindNoticeMail(language),
  ];
  return [otpSms('123456', language), loginCodeSms('123456', language), ...mails.flatMap((m) => [m.subject, m.text])];
}

describe('notice texts', () => {
  it('picks English for an English site and Portuguese otherwise', () => {
    expect(['EN', 'en', 'en-US', 'en_GB'].map(noticeLanguage)).toEqual(['EN', 'EN', 'EN', 'EN']);
    expect(['PT', 'pt-BR', 'es', '', undefined, null].map(noticeLanguage)).toEqual([
      'PT',
      'PT',
      'PT',
      'PT',
      'PT',
      'PT',
    ]);
  });

  it('writes each message in one language', () => {
    for (const text of everyMessage('PT')) expect(text).not.toMatch(ENGLISH);
    for (const text of everyMessage('EN')) expect(text).not.toMatch(PORTUGUESE);
  });

  it('keeps the code the only six-digit run of an SMS', () => {
    for (const language of ['PT', 'EN'] as const)
      expect(otpSms('654321', language).match(/\d{6}/g)).toEqual(['654321']);
  });
});
