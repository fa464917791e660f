function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

export interface SignInPageOptions {
  action: string;
  clientName: string;
  /** The site's terms, which signing up accepts; null leaves the sentence without its link. */
  termsUrl?: string | null;
  email?: string;
  firstName?: string;
  error?: string;
}

/** The provider's only page: an email and a first name, and any email signs in. */
export function renderSignInPage({ action, clientName, termsUrl = null, email = '', firstName = '', error }: SignInPageOptions): string {
  const terms = termsUrl ? `<a href="${escapeHtml(termsUrl)}">Terms</a>` : 'Terms';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in · Development identity provider</title>
<style>
  :root { color-scheme: light; font-family: ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  * { box-sizing: border-box; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: linear-gradient(135deg, #f5f5f4, #e7e5e4); color: #1c1917; }
  main { width: min(92vw, 400px); background: #fff; border-radius: 16px; padding: 32px; box-shadow: 0 10px 30px rgba(0,0,0,.08); }
  h1 { margin: 0 0 4px; font-size: 1.5rem; }
  p.lead { margin: 0 0 24px; color: #57534e; font-size: .95rem; }
  label { display: block; font-weight: 600; font-size: .875rem; margin: 16px 0 6px; }
  input { width: 100%; padding: 10px 12px; border: 1px solid #d6d3d1; border-radius: 10px; font: inherit; }
  input:focus { outline: 2px solid #1c1917; outline-offset: 1px; }
  button { margin-top: 24px; width: 100%; padding: 11px; border: 0; border-radius: 10px; background: #1c1917; color: #fff; font: inherit; font-weight: 600; cursor: pointer; }
  button:hover { background: #44403c; }
  .error { margin: 0 0 8px; padding: 10px 12px; border-radius: 10px; background: #fef2f2; color: #b91c1c; font-size: .875rem; }
  .terms { margin: 12px 0 0; font-size: .85rem; color: #57534e; }
  .terms a { color: #1c1917; }
  .note { margin-top: 20px; font-size: .8rem; color: #78716c; }
</style>
</head>
<body>
<main>
  <h1>Sign in</h1>
  <p class="lead">to continue to ${escapeHtml(clientName)}</p>
  ${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <form method="post" action="${escapeHtml(action)}" autocomplete="on">
    <label for="email">Email</label>
    <input id="email" name="email" type="email" required autofocus value="${escapeHtml(email)}" placeholder="you@example.com">
    <label for="firstName">First name</label>
    <input id="firstName" name="firstName" type="text" maxlength="100" value="${escapeHtml(firstName)}" placeholder="Ada">
    <button type="submit">Sign in</button>
    <p class="terms">By continuing you accept the ${terms} of ${escapeHtml(clientName)}.</p>
  </form>
  <p class="note">Development identity provider: any email signs in, no password.</p>
</main>
</body>
</html>`;
}
