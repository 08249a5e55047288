/**
 * With login-to-home on, a visitor without a token may reach only these paths (the product's list);
 * any other path redirects to /login. Also open: /reset-password, since an e-mailed reset link is
 * how a locked-out visitor gets back in, and the legal pages, which the registration form's
 * consent line links to (a visitor must be able to read what they accept). The product lists
 * /download, the app download section; its page is /down (/download redirects there), so both are open.
 */
const OPEN_PATHS = [
  '/login',
  '/register',
  '/register.html',
  '/reset-password',
  '/helpmc',
  '/download',
  '/down',
  '/terms',
  '/privacy',
  '/responsible-gaming',
];

/** Whether a visitor without a token may open this path while login-to-home is on. */
export function isOpenWithLoginToHome(pathname: string): boolean {
  const path = (pathname.replace(/\/+$/, '') || '/').toLowerCase();
  return OPEN_PATHS.includes(path);
}
