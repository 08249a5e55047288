import { REMEMBER_ME_DAYS } from '@wps/shared/constants';

/*
 * Remember-me keeps the last username and SMS login number in cookies for one day.
 * Deliberate deviation: the original site this one replaces also kept the PASSWORD in a cookie. We never
 * do — a cookie is readable by any script on the page and travels with every request, so a
 * stored password would leak to XSS, shared computers and logs. The player types it again.
 */

const COOKIE_REMEMBER = 'rememberMe';
const COOKIE_USERNAME = 'rememberUsername';
const COOKIE_MOBILE = 'rememberMobile';
const COOKIE_DIALING_CODE = 'rememberDialingCode';
const MAX_AGE_SECONDS = REMEMBER_ME_DAYS * 24 * 60 * 60;

export type RememberedLogin = {
  isRemembered: boolean;
  username: string;
  mobileNum: string;
  countryDialingCode: string;
};

function readCookie(name: string): string {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return '';
      }
    }
  }
  return '';
}

function writeCookie(name: string, value: string): void {
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${MAX_AGE_SECONDS}; path=/; SameSite=Lax`;
}

function deleteCookie(name: string): void {
  document.cookie = `${name}=; max-age=0; path=/; SameSite=Lax`;
}

/** The login details remembered by the last login with remember-me on. */
export function readRememberedLogin(): RememberedLogin {
  return {
    isRemembered: readCookie(COOKIE_REMEMBER) === '1',
    username: readCookie(COOKIE_USERNAME),
    mobileNum: readCookie(COOKIE_MOBILE),
    countryDialingCode: readCookie(COOKIE_DIALING_CODE),
  };
}

/** Remember the username login for one day (never the password, see above). */
export function rememberUsernameLogin(username: string): void {
  writeCookie(COOKIE_REMEMBER, '1');
  writeCookie(COOKIE_USERNAME, username);
}

/** Remember the SMS login number for one day (never the code). */
export function rememberSmsLogin(countryDialingCode: string, mobileNum: string): void {
  writeCookie(COOKIE_REMEMBER, '1');
  writeCookie(COOKIE_MOBILE, mobileNum);
  writeCookie(COOKIE_DIALING_CODE, countryDialingCode);
}

/** Remember-me switched off: forget everything. */
export function forgetRememberedLogin(): void {
  for (const name of [COOKIE_REMEMBER, COOKIE_USERNAME, COOKIE_MOBILE, COOKIE_DIALING_CODE]) deleteCookie(name);
}
