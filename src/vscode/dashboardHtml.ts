// The dashboard's HTML shell: a strict Content-Security-Policy, the stylesheet and the script from
// media/ (nothing remote, nothing inline but the nonce'd script tag). media/dashboard.js renders.
export interface DashboardResources {
  /** webview.cspSource */
  cspSource: string;
  /** webview.asWebviewUri of media/dashboard.js and media/dashboard.css */
  script: string;
  style: string;
}

export function dashboardHtml({ cspSource, script, style }: DashboardResources, nonce = newNonce()): string {
  const csp = ["default-src 'none'", `style-src ${cspSource}`, `script-src 'nonce-${nonce}'`].join('; ');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${style}">
<title>Lectern Session</title>
</head>
<body>
<main id="app" aria-live="polite"><p class="empty">Waiting for the session…</p></main>
<script nonce="${nonce}" src="${script}"></script>
</body>
</html>`;
}

function newNonce(): string {
  // Web Crypto: the same in the Node and the web worker extension hosts.
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return btoa(String.fromCharCode(...bytes)).replace(/[^A-Za-z0-9]/g, '');
}
