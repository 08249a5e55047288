import { TEST_USERS } from './users';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The provider's own sign-in page: a picker of the test users and a field for any other name. */
export function loginPage(uid: string, clientName: string, error?: string): string {
  const action = `/interaction/${encodeURIComponent(uid)}/login`;
  const buttons = TEST_USERS.map(
    (u) =>
      `<li><form method="post" action="${action}"><input type="hidden" name="user" value="${escapeHtml(u.id)}"><button type="submit">${escapeHtml(u.name)} <small>${escapeHtml(u.email)}</small></button></form></li>`,
  ).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Local identity provider: sign in</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f4f5f7;color:#1b1d21}
main{max-width:26rem;margin:0 auto;background:#fff;border-radius:8px;padding:1.25rem;box-shadow:0 1px 3px #0002}
ul{list-style:none;padding:0;margin:0 0 1rem}li{margin:.5rem 0}
button{width:100%;padding:.7rem;font-size:1rem;border:1px solid #2b5fd9;background:#2b5fd9;color:#fff;border-radius:6px;cursor:pointer;text-align:left}
small{display:block;opacity:.9}label{display:block;margin:.5rem 0 .25rem}
input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #555;border-radius:6px}
.error{color:#a3001b}
</style></head>
<body><main>
<h1>Local identity provider</h1>
<p>Development only. Sign in to <strong>${escapeHtml(clientName)}</strong> as a test user.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<ul aria-label="Test users">${buttons}</ul>
<form method="post" action="${action}">
<label for="user">Another user (letters, digits, dots, dashes)</label>
<input id="user" name="user" type="text" autocomplete="off" required>
<p><button type="submit">Sign in as this user</button></p>
</form>
</main></body></html>`;
}
