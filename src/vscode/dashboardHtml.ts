// The dashboard's HTML shell: a strict Content-Security-Policy, the stylesheet and the script from
// media/ (nothing remote, nothing inline but the nonce'd script tag). media/dashboard.js renders.
import { randomBytes } from 'node:crypto';

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
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}
